"""Cards -> a page plan: which part of which card goes in which rectangle at which size (plain data, drawn later)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from pipeline.errors import BuildError
from pipeline.sheets.cards.geometry import (
    CardOptions,
    Rect,
    grid_cells,
    handout_columns,
)
from pipeline.sheets.cards.measure import Typesetter
from pipeline.modelkinds import BlockKind, PanelKind
from pipeline.sheets.cards.select import Card, CardSet, PanelBlock
from pipeline.sheets.layout import Layout

SIZE_STEP = 0.25
# A handout card is split at a column end only if this much of the column is left; else it moves on.
SPLIT_WHEN_LEFT = 0.3
MIN_SPLIT_LINES = 3

# ---------------------------------------------------------------------------------------- plan


@dataclass(frozen=True)
class PlacedPanel:
    """One panel on one page: a card (or a part of it) at a body size, in a rectangle."""

    page: int  # 1-based
    rect: Rect
    card: Card
    blocks: tuple[PanelBlock, ...]
    size: float
    continued: bool
    header_height: float


@dataclass(frozen=True)
class Plan:
    panels: tuple[PlacedPanel, ...]
    pages: int
    cells: tuple[Rect, ...] = ()  # grid mode: the cut grid of every page


def plan_cards(
    cards: list[Card], layout: Layout, options: CardOptions, setter: Typesetter | None = None, *,
    reserved: float = 0.0, eager: bool = False, break_before: str = "", cap: tuple[int, float] | None = None,
    share: float = 1.0,
) -> Plan:
    """Where every card goes; `reserved` points at the top of page 1 are kept for the title block (handout).
    `eager`: a handout card splits at any column end that leaves room for three of its lines (a repack);
    `break_before`: the key of a handout card that starts a new page; `cap`: see _plan_handout; `share`:
    every handout column ends at that share of its height (the sheet spread evenly over its pages)."""
    setter = setter or Typesetter(layout, options)
    if options.mode == "grid":
        return _plan_grid(cards, layout, options, setter)
    split_when_left = 0.0 if eager else SPLIT_WHEN_LEFT
    return _plan_handout(
        cards, layout, options, setter, reserved=reserved, split_when_left=split_when_left, break_before=break_before, cap=cap,
        share=share,
    )


def _sizes(setter: Typesetter, options: CardOptions) -> list[float]:
    sizes, size = [], setter.base_size
    while size >= options.min_size - 1e-6:
        sizes.append(round(size, 2))
        size -= SIZE_STEP
    return sizes


def _plan_grid(cards: list[Card], layout: Layout, options: CardOptions, setter: Typesetter) -> Plan:
    cells = grid_cells(layout, options)
    panels: list[PlacedPanel] = []
    slot = 0
    pad = options.padding
    for card in cards:
        remaining, continued = list(card.blocks), False
        while remaining:
            rect = cells[slot % len(cells)]
            page = slot // len(cells) + 1
            inner = rect.width - 2 * pad
            header = setter.header_height(card, continued=continued, width=rect.width)
            room = rect.height - header - 2 * pad
            size = next((s for s in _sizes(setter, options) if setter.body_height(remaining, s, inner) <= room), None)
            rest: list[PanelBlock]
            if size is not None:
                placed, rest = remaining, []
            else:
                size = options.min_size
                placed, rest = setter.fill(remaining, size, inner, room)
                line = setter.styles(size)["body"].leading
                short = MIN_SPLIT_LINES * line - setter.body_height(rest, size, inner) if placed and rest else 0
                if short > 0.01:  # a continuation panel carries MIN_SPLIT_LINES lines, as in a handout
                    placed, rest = setter.fill(remaining, size, inner, room - short)
                if not placed:
                    raise BuildError(_too_tall(card, remaining, "panel"))
            panels.append(PlacedPanel(page, rect, card, tuple(placed), size, continued, header))
            remaining, continued, slot = rest, True, slot + 1
    return Plan(panels=tuple(panels), pages=max((panel.page for panel in panels), default=1), cells=cells)


def _capped(frames: tuple[Rect, ...], page: int, cap: tuple[int, float] | None, share: float = 1.0) -> tuple[Rect, ...]:
    """`cap` (page, points): the columns of that page and after end that far under their tops; `share`: every
    column ends that share of its height under its top."""
    if share < 1.0:
        frames = tuple(Rect(frame.x, frame.top - frame.height * share, frame.width, frame.height * share) for frame in frames)
    if cap is None or page < cap[0]:
        return frames
    return tuple(Rect(frame.x, frame.top - min(cap[1], frame.height), frame.width, min(cap[1], frame.height)) for frame in frames)


def _plan_handout(
    cards: list[Card], layout: Layout, options: CardOptions, setter: Typesetter, *, reserved: float, split_when_left: float,
    break_before: str = "", cap: tuple[int, float] | None = None, share: float = 1.0,
) -> Plan:
    page_columns = handout_columns(layout, options)
    first_columns = tuple(replace(frame, height=frame.height - reserved) for frame in page_columns)

    panels: list[PlacedPanel] = []
    page, column = 1, 0
    columns = _capped(first_columns, 1, cap, share)
    y = columns[0].top
    pad, size = options.padding, setter.base_size
    line = setter.styles(size)["body"].leading

    def advance() -> None:
        nonlocal page, column, y, columns
        column += 1
        if column == len(columns):
            page, column = page + 1, 0
            columns = _capped(page_columns, page, cap, share)
        y = columns[column].top

    for card in cards:
        remaining, continued = list(card.blocks), False
        if card.key == break_before and (column or y < columns[0].top - 0.01):
            column = len(columns) - 1
            advance()
        while remaining:
            frame = columns[column]
            inner = frame.width - 2 * pad
            header = setter.header_height(card, continued=continued, width=frame.width)
            available = y - frame.y
            whole = header + 2 * pad + setter.body_height(remaining, size, inner)
            if whole <= available + 0.01:
                rect = Rect(frame.x, y - whole, frame.width, whole)
                panels.append(PlacedPanel(page, rect, card, tuple(remaining), size, continued, header))
                y -= whole + options.gap
                break
            fresh = y >= frame.top - 0.01
            worth_splitting = fresh or whole > frame.height or available >= split_when_left * frame.height
            room = available - header - 2 * pad
            placed, rest = setter.fill(remaining, size, inner, room) if worth_splitting else ([], remaining)
            short = MIN_SPLIT_LINES * line - setter.body_height(rest, size, inner) if placed and rest else 0
            if short > 0.01:
                # A continuation carries MIN_SPLIT_LINES lines or does not happen: in a fresh column (the
                # card is taller than a column) lines move on to the next panel; otherwise the card moves.
                placed, rest = setter.fill(remaining, size, inner, room - short) if fresh else ([], remaining)
            if placed and (fresh or setter.body_height(placed, size, inner) >= MIN_SPLIT_LINES * line):
                height = header + 2 * pad + setter.body_height(placed, size, inner)
                panels.append(
                    PlacedPanel(page, Rect(frame.x, y - height, frame.width, height), card, tuple(placed), size, continued, header)
                )
                remaining, continued = rest, True
            elif fresh:
                raise BuildError(_too_tall(card, remaining, "column"))
            advance()
    return Plan(panels=tuple(panels), pages=max((panel.page for panel in panels), default=1))


def _too_tall(card: Card, remaining: list[PanelBlock], where: str) -> str:
    if remaining and remaining[0].kind == BlockKind.TABLE:
        return (f"card {card.title!r} (lines {card.first}-{card.last}): a row of its table is taller than an empty {where}; "
                "print the sheet with `mode: handout` (a wider column) in its recipe")
    return f"card {card.title!r} (lines {card.first}-{card.last}): its first line does not fit an empty {where}"


# ---------------------------------------------------------------------------------------- index


def index_card(card_set: CardSet, pages: dict[str, int]) -> Card:
    """The index on the first page: per group, one line per card, dot leaders to "p. N"; the English name printed
    on a card first ("Spinning Saucer · Platillo giratorio"), as on every sheet's index (select.sort_name)."""
    blocks: list[PanelBlock] = []

    def entries(cards: list[Card]) -> list[PanelBlock]:
        return [PanelBlock(PanelKind.INDEX, f"{index_name(card)}\tp.\u00a0{pages.get(card.key, 1)}") for card in cards]

    for group in card_set.groups or ():
        names = [card for card in card_set.cards if card.group == group.label]
        if names:
            blocks += [PanelBlock(PanelKind.INDEX_HEADING, group.heading, 0, 0), *entries(names)]
    grouped = {group.label for group in card_set.groups or ()}
    blocks += entries([card for card in card_set.cards if card.group not in grouped])
    label = f"{len(card_set.cards)} cartas · página"
    return Card(key="#index", title="Índice", title_en="", group=label, tone="index", blocks=tuple(blocks))


def index_name(card: Card) -> str:
    """What the index lists a card by: its English name first, the Spanish after it."""
    return f"{card.title_en} · {card.title}" if card.title_en else card.title


# A card sheet's page is at least this full (its columns' reach, averaged) unless the sheet is one page.
MIN_PAGE_FILL = 0.5
# Where no page break keeps every page half full, the pages before the last stay this full (issue 23: "each page
# at least 60 % full except a sheet's last") and the last takes what they can give.
EARLIER_PAGE_FILL = 0.6


def plan_sheet(
    card_set: CardSet, layout: Layout, options: CardOptions, *, with_index: bool = True, reserved: float = 0.0,
    setter: Typesetter | None = None,
) -> Plan:
    """The whole sheet; the index's page numbers are settled by re-planning until they stop changing. A
    sheet that fits one page without its index prints none: every entry would say "p. 1". `setter`: the
    render's, so a second plan of the same cards (without the legend) and the drawing reuse its measurements."""
    setter = setter or Typesetter(layout, options)
    cards = list(card_set.cards)
    bare = plan_cards(cards, layout, options, setter, reserved=reserved)
    # A page more for a few lines is a page half empty: cards then split at any column end (three lines
    # a side, as always) when that saves a page.
    eager = bare.pages > 1 and (repacked := plan_cards(cards, layout, options, setter, reserved=reserved, eager=True)).pages < bare.pages
    if eager:
        bare = repacked
    if options.mode == "grid":
        return bare if not with_index or not cards or bare.pages == 1 else _indexed(card_set, layout, options, setter, reserved=reserved)
    if not with_index or not cards or bare.pages == 1:
        bare, share = _spread(bare, lambda **how: plan_cards(cards, layout, options, setter, reserved=reserved, eager=eager, **how),
                              layout, options)
        return _balanced(
            bare, lambda **how: plan_cards(cards, layout, options, setter, reserved=reserved, eager=eager, share=share, **how),
            columns=options.columns,
        )
    plan, share = _spread(
        _indexed(card_set, layout, options, setter, reserved=reserved, eager=eager),
        lambda **how: _indexed(card_set, layout, options, setter, reserved=reserved, eager=eager, **how), layout, options,
    )
    if page_fill(plan, layout, options)[plan.pages] >= MIN_PAGE_FILL:
        # Balancing moves nothing off the pages before the last: the index's page numbers stay as settled.
        settled = [panel.card for panel in plan.panels if not panel.continued]
        return _balanced(
            plan, lambda **how: plan_cards(settled, layout, options, setter, reserved=reserved, eager=eager, share=share, **how),
            columns=options.columns,
        )
    return _fuller_last_page(
        plan, lambda key: _indexed(card_set, layout, options, setter, reserved=reserved, eager=eager, break_before=key),
        layout, options,
    )


def _fuller_last_page(plan: Plan, broken_before, layout: Layout, options: CardOptions) -> Plan:
    """The plan, its last page more than half empty, with the page before it broken earlier (`broken_before(key)`
    plans the sheet with card `key` starting a page)."""
    # The cards that end the page before the last start the last page instead, so no page is a page for a
    # single panel; of the breaks that do it, the one that cuts the fewest cards in two, then the one that
    # moves the fewest.
    before = [panel.card.key for panel in plan.panels if panel.page == plan.pages - 1 and not panel.continued]
    trials = [(key, broken_before(key)) for key in before[1:]]
    found = [
        (sum(panel.continued for panel in trial.panels), moved, trial)
        for moved, (_, trial) in enumerate(reversed(trials))
        if trial.pages == plan.pages and min(page_fill(trial, layout, options).values()) >= MIN_PAGE_FILL
    ]
    if found:
        return min(found, key=lambda item: item[:2])[2]
    # No break leaves every page half full: the one that fills the last page most while the pages before it stay
    # EARLIER_PAGE_FILL full, no column of theirs half empty (Leaving Earth's cards on A4: 84 % and one panel at
    # 21 %, now 71 % and two panels at 34 %).
    earlier = range(1, plan.pages)
    fallback = [
        (page_fill(trial, layout, options)[plan.pages], trial) for _, trial in trials
        if trial.pages == plan.pages and min(page_fill(trial, layout, options)[page] for page in earlier) >= EARLIER_PAGE_FILL
        and min(value for page in earlier for value in column_reach(trial, layout, options)[page]) >= MIN_PAGE_FILL
    ]
    return max(fallback, key=lambda item: item[0], default=(0.0, plan))[1]


# A sheet of several pages with a column (before its last page), or a last page, less full than this is spread
# evenly over its pages: every column capped at one share of its height, on a grid of SPREAD_STEP, the
# smallest share that keeps the pages, turns no more cards over a page, cuts at most one more card in two
# (beside itself, on one page) and leaves no page half empty. Space Alert's threats on A4 were two full pages
# and a page 54 % full; Leaving Earth's cards on Letter a first page whose second column held one panel.
# Which shares work is not monotonic (a card moves on, the next fills the gap): the grid is walked whole.
SPREAD_BELOW = 0.7
SPREAD_STEP = 0.02


def _spread(plan: Plan, make, layout: Layout, options: CardOptions) -> tuple[Plan, float]:
    """(the plan spread evenly over its pages, the share its columns are capped at); 1.0: left as it was."""
    if plan.pages < 2 or options.columns < 2 or options.mode == "grid":
        return plan, 1.0
    reach = column_reach(plan, layout, options)
    short = min(value for page in range(1, plan.pages) for value in reach[page])
    if min(short, sum(reach[plan.pages]) / len(reach[plan.pages])) >= SPREAD_BELOW:
        return plan, 1.0
    cuts, turns = _cuts(plan)
    mean = sum(sum(values) / len(values) for values in reach.values()) / plan.pages
    best, share, rank = plan, 1.0, (turns, 1.0)
    trial_share = 1.0 - SPREAD_STEP
    while trial_share >= 0.9 * mean:  # below the pages' mean fill (less what whole panels cannot share) nothing fits
        try:
            trial = make(share=trial_share)
        except BuildError:  # a card taller than the shortened column
            break
        trial_cuts, trial_turns = _cuts(trial)
        if (
            trial.pages == plan.pages and trial_turns <= turns and trial_cuts <= cuts + 1
            and min(page_fill(trial, layout, options).values()) >= MIN_PAGE_FILL and (trial_turns, trial_share) < rank
        ):
            best, share, rank = trial, trial_share, (trial_turns, trial_share)
        trial_share = round(trial_share - SPREAD_STEP, 4)
    return best, share


def _cuts(plan: Plan) -> tuple[int, int]:
    """(cards cut in two, of those the ones continued over a page): a continuation on the next page is one
    more the player turns the sheet for."""
    turned, last_page = 0, dict[str, int]()
    for panel in plan.panels:
        if panel.continued and last_page.get(panel.card.key, panel.page) != panel.page:
            turned += 1
        last_page[panel.card.key] = panel.page
    return sum(panel.continued for panel in plan.panels), turned


BALANCE_STEPS = 6  # halvings of the search for the shortest columns of a last page
BALANCED = 0.15  # columns whose ends differ by less than this share of the page need no balancing


def plan_height(plan: Plan) -> float:
    """The height the panels of a plan span (top of the highest to bottom of the lowest)."""
    return max(panel.rect.top for panel in plan.panels) - min(panel.rect.y for panel in plan.panels)


def _balanced(plan: Plan, make, *, columns: int) -> Plan:
    """The last page's columns ending at about one height (the panels of a one-page sheet all in its first
    column, the second empty, looked half printed): the shortest column height, found by halving, at which
    `make(cap=...)` still gives as many pages and cuts no more cards in two."""
    last = [panel for panel in plan.panels if panel.page == plan.pages]
    bottoms: dict[int, float] = {}
    for panel in last:
        bottoms[round(panel.rect.x)] = min(bottoms.get(round(panel.rect.x), panel.rect.top), panel.rect.y)
    even = len(bottoms) == columns and max(bottoms.values(), default=0) - min(bottoms.values(), default=0) < BALANCED * plan_height(plan)
    if not last or columns < 2 or even:
        return plan  # one column, or columns that already end at about one height: nothing to gain
    low, high = 0.0, max(panel.rect.top for panel in last) - min(panel.rect.y for panel in last)
    cuts = sum(panel.continued for panel in plan.panels)
    best = plan
    for _ in range(BALANCE_STEPS):
        middle = (low + high) / 2
        try:
            trial = make(cap=(plan.pages, middle))
        except BuildError:  # a card taller than the capped column: the cap is too short
            low = middle
            continue
        if trial.pages == plan.pages and sum(panel.continued for panel in trial.panels) <= cuts:
            best, high = trial, middle
        else:
            low = middle
    return best


def _indexed(card_set: CardSet, layout: Layout, options: CardOptions, setter: Typesetter, **how) -> Plan:
    """The plan with the index first, its page numbers settled."""
    pages: dict[str, int] = {}
    for _ in range(3):  # the pages the index names move the cards, which moves the pages: at most four plans
        plan = plan_cards([index_card(card_set, pages), *card_set.cards], layout, options, setter, **how)
        found: dict[str, int] = {}
        for panel in plan.panels:
            found.setdefault(panel.card.key, panel.page)
        if found == pages:
            return plan
        pages = found
    return plan_cards([index_card(card_set, pages), *card_set.cards], layout, options, setter, **how)


def page_fill(plan: Plan, layout: Layout, options: CardOptions) -> dict[int, float]:
    """Per page of a handout, how far down its columns the panels reach (the title block counts), averaged."""
    return {page: sum(reach) / len(reach) for page, reach in column_reach(plan, layout, options).items()}


def column_reach(plan: Plan, layout: Layout, options: CardOptions) -> dict[int, list[float]]:
    """Per page of a handout, how far down each column the panels reach, as a share of the column (title block included)."""
    columns = handout_columns(layout, options)
    found: dict[int, list[float]] = {}
    for page in range(1, plan.pages + 1):
        found[page] = []
        for column in columns:
            bottoms = [panel.rect.y for panel in plan.panels if panel.page == page and abs(panel.rect.x - column.x) < 1]
            found[page].append((column.top - min(bottoms)) / column.height if bottoms else 0.0)
    return found
