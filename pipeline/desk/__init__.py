"""The translator's desk: what the command line shows a person (console), the proof page and typo candidates."""


def likely_typos(game: str, count: int, *, command: str = "`{}`") -> str:
    """What a build and the proof page say of a game's suspected typos: '3 likely typos — see `refsheets typos GAME`'
    (`command` sets the command: the page writes it as code)."""
    return f"{count} likely typo{'s' if count != 1 else ''} — see {command.format(f'refsheets typos {game}')}"
