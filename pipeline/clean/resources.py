"""Resources for the cleaner: compiled patterns and word lists that tell forum noise, flavour and rules apart.

Everything here is data about Spanish forum threads and rulebooks in general, never about one file; a game
adds to these lists through `options.clean` in its game.yaml (see `CleanOptions`).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property, lru_cache

from pipeline.schema import Fields
from pipeline.text import words

# --- lines that are forum or site furniture on their own -------------------------------------------

# "[vilvoh]": a forum post header. Short, no sentence punctuation inside (a bracketed rule aside is longer).
BRACKETED = re.compile(r"^\s*\[([^\[\]\n]{2,40})\]\s*$")
USERNAME = re.compile(r"^[\w][\w .@'´`-]{1,38}$")
# "Cita de: itus en 17 de Enero de 2014, 10:02:55": a quoted post follows until the next blank line.
QUOTE_HEADER = re.compile(r"^\s*(?:cita de|citando a|quote from|en respuesta a)\s*:?\s*(.+?)(?:\s+en\s+.*)?$", re.IGNORECASE)
BARE_URL = re.compile(r"^\s*<?(?:https?://|www\.)\S+>?\s*$", re.IGNORECASE)
URL = re.compile(r"(?:https?://|www\.)[^\s,;)\]]+", re.IGNORECASE)
NAVIGATION_WORDS = frozenset(
    word.casefold()
    for word in (
        "Inicio", "Foro", "Foros", "Ezine", "Ingresar", "Registrarse", "Webchat", "Ayuda", "Buscar", "Portal",
        "Calendario", "Miembros", "Salir", "Perfil", "Mensajes", "Noticias", "Contacto", "Citar", "Responder",
        "Imprimir", "Home", "Login", "Register", "Search", "Help",
        # A forum post's buttons and status, as a copy of an SMF or phpBB page keeps them.
        "En línea", "Desconectado", "Conectado", "Me gusta", "No me gusta", "Agradecer", "Reportar", "Editar",
        "Volver arriba", "Arriba",
        # A blog's link for screen readers; an advert's label.
        "Saltar al contenido", "Ir al contenido", "Skip to content", "Anuncio", "Publicidad", "Advertisement",
    )
)
# The buttons of a BoardGameGeek post or a Reddit comment: navigation only in a text that shows it is a copied
# thread (elsewhere "Guardar" or "Votar" may be an action of the game).
BUTTON_WORDS = frozenset(
    word.casefold()
    for word in (
        "Tip", "Respuesta", "Suscribirse", "Reply", "Quote", "Subscribe",
        "Compartir", "Guardar", "Ocultar", "Votar", "Seguir", "Premiar", "Share", "Save", "Hide", "Report", "Vote",
        "Follow", "Award",
    )
)
DATE = re.compile(
    r"\b\d{1,2}\s+de\s+(?:enero|febrero|marzo|abril|mayo|junio|julio|agosto|sep?tiembre|octubre|noviembre|diciembre)"
    r"(?:\s+de\s+\d{4})?|\b\d{1,2}:\d{2}(?::\d{2})?\b"
    # "14 Feb 2021" (phpBB's dates): an abbreviated month only with its year, never "3 mar" of a sentence
    r"|\b\d{1,2}\s+(?:ene|feb|mar|abr|may|jun|jul|ago|sept?|oct|nov|dic)\.?\s+\d{4}\b",
    re.IGNORECASE,
)
# A label whose URL follows on the next line, or a line that credits who collected or hosts the text.
CREDIT_LABEL = re.compile(
    r"^\s*(?:ficha en (?:bgg|boardgamegeek)|enlace|link|fuente|source|hilo original|reglamento original"
    r"|descarga\b.*\bcortes[ií]a de\b.*|texto recogido\b.*\bgracias a\b.*)\s*:?\s*$",
    re.IGNORECASE,
)
# "Traducción: Marta", "Traducido por Marta y Luis", "Reglas - traducción de Irene Calvo"; "Traducción de X" only of
# two or three capitalised words ("Traducción de Mercaderes del Desierto" names the game).
PERSON = r"(?:\s+[A-ZÁÉÍÓÚÑ][a-záéíóúñ]+){2,3}"
TRANSLATOR_LINE = re.compile(
    r"^\s*(?:[^.:;!?]{2,60}\s[-–—|·]\s)?"
    r"(?:(?:traducci[óo]n(?: al (?:castellano|español))?|traductor(?:a|es)?)\s*[:\-–]"
    r"|(?:reglas\s+|texto\s+)?traducid[oa]s?(?:\s+al\s+(?:español|castellano))?\s+por"
    r"|traducci[óo]n de(?=(?-i:" + PERSON + r"\s*(?:[.,;]|$))))"
    r"\s*(\S.{1,80}?)\s*\.?$",
    re.IGNORECASE,
)
# What follows "Traducción:" and is no name ("Traducción al castellano – versión 1.2").
NOT_A_NAME = re.compile(r"^(?:versi[óo]n|v\.?\s*\d|revisi[óo]n|\d|no oficial|completa|amateur)", re.IGNORECASE)
# "Última revisión: 12/02/2009", "Versión 0.9 del 3 de mayo", "Última actualización: 16 de agosto, 2025", "Versión
# del juego: 1.0": when the document was revised, no rule.
# "Puentes de Hierro – reglamento de referencia – v2.0": a short line that carries the document's version.
VERSION_MARK = re.compile(r"(?:\bv|\bversi[óo]n\s)\s*\d+(?:\.\d+)+\b", re.IGNORECASE)
VERSION_LINE = re.compile(
    r"^\s*(?:[úu]ltima\s+)?(?:revisi[óo]n|actualizaci[óo]n|modificaci[óo]n|actualizad[oa]|modificad[oa]|versi[óo]n|v)"
    r"(?:\s+del?\s+(?:juego|documento|reglamento|texto|manual))?"
    r"\s*[:.]?\s*(?:el\s+)?(?:\d+(?:[.,]\d+)+|\d{1,2}[/-]\d{1,2}[/-]\d{2,4}|\d{1,2}(?:\s+de)?\s+[a-z]{3,10}\.?,?(?:\s+(?:de\s+)?\d{4}))\b.{0,80}$",
    re.IGNORECASE,
)
COPYRIGHT_LINE = re.compile(r"^\s*(?:©|\(c\)|copyright\b)\s*(\S.{1,120})$", re.IGNORECASE)
# Words a Spanish sentence does not end with: a line ending in one was cut mid-sentence.
DANGLING_WORDS = frozenset(
    "el la los las un una unos unas de del a al en con por para que y e o u ni sin su sus se lo le "
    "antes entre como cuando si pero mientras desde hasta sobre tras hacia según muy más".split()
)
# A forum post's header and profile in a copied page: "Re: Reglas de X" (a reply's subject), "« Respuesta #2 en:
# 13 Marzo 2015, 09:40:02 »" (its date), "Mensajes: 1234" (the member's profile beside it).
REPLY_SUBJECT = re.compile(r"^\s*(?:re|res)\s*:\s*\S.{0,100}$", re.IGNORECASE)
POST_DATE = re.compile(r"^\s*«?\s*(?:respuesta\s*#\s*\d+\s*)?en\s*:\s*.{4,60}?»?\s*$", re.IGNORECASE)
PROFILE = re.compile(r"^\s*(?:mensajes|posts|karma|registrado|ubicaci[óo]n|sexo|edad|aplausos)\s*:\s*\S.{0,40}$", re.IGNORECASE)
MEMBER_COUNT = re.compile(r"^\s*(?:registrad[oa]\s*:.{1,40}?\s)?(?:mensajes|posts)\s*:\s*\d[\d.,]*\s*$", re.IGNORECASE)  # no rulebook's
# Page furniture of a web copy: "Inicio > Juegos > Reglas" (breadcrumbs), "Publicado por Bea el 3 de mayo"
# (the byline), "Comparte en: Facebook · Twitter" (share buttons).
BREADCRUMBS = re.compile(r"^\s*(?:inicio|home|portada|blog|foros?)\s*(?:[>»›/|]\s*[^>»›/|]{1,60}){1,6}$", re.IGNORECASE)
# "Faros del Abismo » Foros » Reglas": guillemets between short names are breadcrumbs whatever the first one is.
BREADCRUMB_TRAIL = re.compile(r"^\s*[^»›.!?:]{1,40}(?:\s[»›]\s[^»›.!?:]{1,40}){2,6}\s*$")
BYLINE = re.compile(r"^\s*(?:publicad[oa]|escrit[oa]|posted|actualizad[oa])\s+(?:por|el|en|by|on)\b.{0,100}$", re.IGNORECASE)
SHARE = re.compile(
    r"^\s*(?:comparte|compartir|share)\b.{0,100}\b(?:facebook|twitter|whatsapp|telegram|pinterest|e-?mail|x)\b", re.IGNORECASE
)
# "Figura 2: el barco rojo...", "Imagen 3.": the caption of a picture the sheet does not show.
CAPTION = re.compile(
    r"^\s*(?:Figura|Fig\.|Imagen|Ilustraci[óo]n|Diagrama|Foto(?:graf[íi]a)?|Esquema)\s*\d{0,3}\s*[:.–—-]\s*\S.{0,150}$", re.IGNORECASE
)
ALPHABET_INDEX = re.compile(r"^\s*(?:[A-ZÑ]\s*[|·•/–-]\s*){3,}[A-ZÑ]\s*$")  # "A | B | C | F": a glossary's letter links
LONE_BULLET = re.compile(r"^\s*[•·▪◦*-]\s*$")
# A line with no word at all: a banner of asterisks, a scanner's specks ("' . , ~"), reactions ("👍 (4) ❤️ (2)").
LETTER = re.compile(r"[^\W\d_]")
EMOJI = re.compile("[\U0001F000-\U0001FAFF\u2600-\u27BF\u2B50\u2B55\uFE0F]")
# "3 ⭐ = 1 ❤️", "2 → 1", "⭐⭐ -> ❤️": two sides and a sign between them, a rule's exchange (no separator).
RELATION = re.compile(r"[^\s=→⇒➔➜>-]\s*(?:=|→|⇒|➔|➜|->|=>)\s*[^\s=→⇒➔➜>-]")
# "Thumb up" / "14", "Me gusta (3)": a post's like button and its count.
LIKE_BUTTON = re.compile(r"^\s*(?:thumbs? up|me gusta|likes?|pulgar(?:es)? arriba)\s*\(?\d*\)?\s*$", re.IGNORECASE)
# A signature begins at a line "--" (the e-mail and forum convention; phpBB's rule of "____") and runs to the next blank line.
SIGNATURE = re.compile(r"^\s*(?:--|_{4,})\s*$")
# "Alba escribió:", "Pepe wrote:": another member's words quoted, up to the next blank line.
QUOTED_BY = re.compile(r"^\s*(\S.{1,38}?)\s+(?:escribió|escribio|dijo|wrote)\s*:\s*$", re.IGNORECASE)
# A chat export's message header: "[14/03/2024 18:32] Marta" (DiscordChatExporter), "Marta — hoy a las 18:32"
# (Discord's own copy); "(editado)" marks a message changed after it was sent.
CHAT_HEADER = re.compile(
    r"^\s*\[\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4},?\s+\d{1,2}:\d{2}(?::\d{2})?(?:\s*[ap]\.?\s?m\.?)?\]\s+(?P<a>\w[\w .@'-]{0,38}?)"
    r"(?:\s+\((?:editado|edited)\))?\s*$"
    r"|^\s*(?P<b>\w[\w.@'-]{0,38}(?: \w[\w.@'-]{0,20}){0,2})\s+[—–]\s+(?:hoy|ayer|today|yesterday|\d{1,2}/\d{1,2}/\d{2,4})\b.{0,30}$",
    re.IGNORECASE,
)
# What a chat export adds around the messages: "{Reactions}" and "{Attachments}" blocks (to the next blank
# line) and the banner naming the server and channel and counting the messages.
CHAT_BLOCK = re.compile(r"^\s*\{(?:reactions|attachments|embeds?|stickers|reacciones|adjuntos)\}\s*$", re.IGNORECASE)
CHAT_BANNER = re.compile(
    r"^\s*(?:guild|server|servidor|channel|canal|topic|tema)\s*:\s*\S|^\s*(?:exported|exportados?)\s+\d+\s+(?:messages?|mensajes?)\b",
    re.IGNORECASE,
)
# A thread copied from Reddit: "r/juegosdemesa", "u/meeple_sur", "level 1" opening a comment (its author on the next line),
# "· hace 3 a" (when), "94% votos positivos", "Ordenar por: mejores" (a sort order: "Ordenar por iniciativa" is a rule's heading);
# phpBB's "Mostrar mensajes de: …", "¿Quién está conectado?" and POST_COUNT, the thread's button and count of posts:
POST_COUNT = r"(?:(?:responder al tema|publicar una respuesta|post reply)\s*)?\[\s*\d+\s+(?:mensajes?|posts?|respuestas?)\s*\](?:\s*\|)?"
POST_START = re.compile(r"^\s*(?:avatar|level \d{1,2}|nivel \d{1,2})\s*$", re.IGNORECASE)
THREAD_FURNITURE = re.compile(  # (of a stripped line: a space before the options would be tried at every split)
    r"^(?:[ru]/\w{2,30}|\d{1,3}\s*%\s*(?:votos positivos|upvoted)|(?:ordenar por|sort by)\s*:.{0,30}"
    rf"|{POST_COUNT}|(?:mostrar mensajes de|display posts from)\s*:.{{0,80}}|¿?qui[ée]n est[áa] conectado\s*\??|who is online"
    r"|(?:ordenar por|sort by)\s+(?:mejores|nuevos|antiguos|recientes|pol[ée]micos|controvertidos|votos|fecha"
    r"|best|top|new|old|controversial|q&a)"
    r"|[·•]?\s*(?:op\s*[·•]\s*)?(?:hace\s+\d+\s*(?:a|años?|m|mes(?:es)?|d|días?|h|horas?|min(?:utos?)?|sem(?:anas?)?)"
    r"|\d+\s*(?:y|yr|mo|d|h|m|min)\s+ago)\.?)\s*$",
    re.IGNORECASE,
)
# An e-mail pasted with its headers ("De: Clara <clara@...>", "Enviado: ...", "Asunto: ...") and the quoted
# message's separator; a sign-off ("Un saludo,") with the writer's name under it.
EMAIL_HEADER = re.compile(r"^\s*(?:de|from|enviado|sent|fecha|date|para|to|cc|cco|bcc|asunto|subject)\s*:\s*\S", re.IGNORECASE)
EMAIL_FROM = re.compile(r"^\s*(?:de|from)\s*:\s*(.+?)\s*(?:<[^<>]*>)?\s*$", re.IGNORECASE)
ORIGINAL_MESSAGE = re.compile(
    r"^\s*-{2,}\s*(?:mensaje original|original message|mensaje reenviado|forwarded message)\s*-{2,}\s*$", re.IGNORECASE
)
SIGN_OFF = re.compile(
    r"^\s*(?:un saludo|saludos(?: cordiales)?|un abrazo|abrazos|besos|atentamente|cordialmente|gracias)\b.{0,20}$", re.IGNORECASE
)
MIN_CHAT_HEADERS = 2  # a text with this many message headers is a chat export
# What a chat app writes instead of a message, and its own notices ("14/3/24, 18:31 - Sergio creó el grupo").
CHAT_NOTICE = re.compile(
    r"^\s*(?:<[^<>]{3,40}>|este mensaje fue eliminado|eliminaste este mensaje|this message was deleted|null"
    r"|\d{1,2}/\d{1,2}/\d{2,4},?\s+\d{1,2}:\d{2}\S*(?:\s?[ap]\.?\s?m\.?)?\s+[-–]\s+[^:]+)\s*$",
    re.IGNORECASE,
)

# --- list items (what a heading is, pipeline.structure decides for the cleaner and the splitter) ------

LIST_MARKER = re.compile(r"^\s*(?:[-•·*+]|\d+[.):]|\(?[a-z]\)|[a-z]\.\s)")

# --- chatter: what forum members write about the thread, the translation or themselves -------------

# The chatter a title may carry and still be a title (clean/headings.py TITLE_TALK asks for them): worded once, here.
TRANSLATION_TALK, RULEBOOK_OPINION = "talk about the translation", "opinion about the rulebook"
# An advert is one whole paragraph: the game it sells named in it is no rule kept with it (clean/units.py _a_rule_inside).
APP_PROMOTION = "promotion of an app"
CHATTER_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (reason, re.compile(pattern, re.IGNORECASE))
    for reason, pattern in (
        ("thanks", r"(?:muchas|mil|muchísimas|las)\s+gracias|gracias\s+(?:por|otra vez|de nuevo)\b|^\W*gracias\b"
                   r"|\bgracias\s+a\s+(?:todos|todas|vosotr[oa]s|quienes)\b"),  # not a rule's "gracias a tu escudo"
        ("greeting", r"^\W*(?:saludos|un saludo|hola|buenas)\b"),
        (
            "good wishes to the reader",
            r"¡?\bque (?:lo |os lo )?disfrut(?:éis|es|en)\b|\bespero que os (?:sirva|guste|ayude)|\ba disfrutar\b",
        ),
        ("praise of the translation", r"^\W*(?:gran|buen|excelente|magn[ií]fico)\s+trabajo\b|trabajo excelente"),
        (
            "translator's progress chatter",
            r"voy por aqu[ií]|luego intento|intento seguir|me ha entrado trabajo|siento no haber"
            r"|en varias tandas|me lo salto|lo dej[ée] parado|lo siguientes? es\b|seguir[ée] (?:ma[ñn]ana|luego)|continuar[áa]\.\.\.",
        ),
        ("question to the thread", r"^\W*(?:¿\s*)?(?:alguien|hay alguien|sab[ée]is|sabe alguien|alguno)\b[^.]*\?"),
        # Not a rule's "esto se traduce en modificadores" (results in): talk about translating, not its effect.
        (TRANSLATION_TALK, r"(?<!\bse )\btradu(?:c|z|j|maquet)\w*|\btradu(?:c|z|j|maquet)\w*\b(?!\s+en\b)"),
        (RULEBOOK_OPINION, r"en mi opini[óo]n|hoja de ayuda|\bos digo\b|no s[ée] si con\b"),
        ("laughter or shouting", r"\b(?:ja){2,}\b|\b(?:je){2,}\b|\bxd\b|[!?¡¿]{3,}|([a-záéíóú])\1{4,}|[:;]-?[()dp]\B"),
        ("talk about the forum", r"\b(?:foro|subforo|hilo|mensaje privado|me apunto|se apunta|finde|quedada)\b"),
        (
            "talk about the blog or site",
            r"\b(?:comentarios?|suscr[ií]be(?:te|os)|redes sociales|mi canal|el v[ií]deo|patreon|newsletter|d[ée]jame|dejadme)\b",
        ),
        # (the address's name part starts where a word starts and is bounded: a 100 KB word is no quadratic scan)
        (
            "contact details",
            r"(?<![\w.+-])[\w.+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63})+|\bescr[ií]b(?:eme|idme|enos|idnos)\b|\bcontact(?:a|ad|ar)(?:me|nos)?\b",
        ),
        (
            "legal notice of the document",
            r"prohibid[ao] su venta|\bsin [áa]nimo de lucro\b|todos los derechos reservados|\bdocumento es gratuito\b"
            r"|trabajo de (?:fans|aficionados)|\b(?:mensaje|correo)\b.{0,40}\bconfidencial",
        ),
        (
            "notice of the site",
            r"\boptimizad[ao] para\b|\bmejor vist[ao] (?:con|en)\b|\b\d{3,4}\s*x\s*\d{3,4}\b|\bvisitas\s*:\s*\d|\bwebmaster\b",
        ),
        ("the poster's note of an edit", r"^\W*(?:edit|editado|edito|edición|update|actualización)\s*\d*\s*:"),
        # A chat assistant's words around the rules it was asked to convert ("Perfecto ✅", "A continuación te dejo
        # todo el texto...", "¿Querés que te prepare también...? Puedo hacerlo").
        (
            "a chat assistant's preface or offer",
            r"^\W*(?:perfecto|claro|por supuesto|entendido|listo)\W*$|\b(?:a continuaci[óo]n|aqu[ií]) te (?:dejo|paso|muestro)\b"
            r"|^\W*(?:aqu[ií] tienes)\b|¿\s*(?:quieres|quer[ée]s|deseas|te gustar[íi]a) que te\b|\bpuedo hacerlo\b",
        ),
        (
            "talk about the repository",
            r"\brepositorio\b|\bpull requests?\b|\bgu[ií]as? de contribuci[óo]n\b|\breportar bugs?\b|\bissues?\b",
        ),
        ("a rating", r"\b(?:valoraci[óo]n|mi nota|nota final|puntuaci[óo]n final)\s*:?\s*\d+(?:[.,]\d+)?\s*(?:de|/|sobre)\s*\d+"),
        # "Ya está disponible para Android en Google Play", "el enlace de descarga": the publisher selling its app.
        (
            APP_PROMOTION,
            r"\b(?:disponible|desc[áa]rg\w*|instal[áa]\w*)\b[^.]{0,80}\b(?:android|ios|google play|app store|iphone|ipad)\b"
            r"|\benlace de descarga\b",
        ),
    )
)
# Words about the document rather than the game: with a first-person opinion they make chatter.
META_WORDS = re.compile(r"\b(?:reglamento|manual|esquema|documento|pdf|cartas traducidas)\b", re.IGNORECASE)
OPINION = re.compile(r"\b(?:creo que|me parece|personalmente|he visto|en mi caso|no s[ée] si)\b", re.IGNORECASE)

# --- flavour: first-person narrative in the past tense ----------------------------------------------

FIRST_SINGULAR = frozenset(
    "yo me mi mí mis conmigo mío mía he soy estoy tengo puedo creo sé supongo debo quiero "
    "voy conozco recomiendo digo veo doy hago pienso recuerdo admito imagino "
    "encontré dije pensé conocí hice fui estuve tuve pude quise vi llegué empecé escribí".split()
)
# The plural is also the voice of a rulebook's tutorial ("nuestra nave de ejemplo"): it counts half.
FIRST_PLURAL = frozenset(
    "nos nosotros nosotras nuestro nuestra nuestros nuestras hicimos fuimos terminamos tomamos estábamos "
    "íbamos solíamos llamamos teníamos probamos".split()
)
FIRST_PERSON = FIRST_SINGULAR | FIRST_PLURAL
# Talking to the crew as "vosotros" or chatting ("Ya sabes", "Bueno,"): the voice of a story, not of a rule.
# Openers count at the start of any sentence; "Si, ya," is "sí" without its accent (a condition has no comma).
CONVERSATIONAL = re.compile(
    r"\b(?:tenéis|podréis|váis|vais|os|querréis|llámadme)\b|¿no piensas"
    r"|(?:^|[.!?…]\s+)(?:sí\b|s[ií],\s|bueno\b|pero ojo\b|ya sabes\b)",
    re.IGNORECASE,
)
# A run of capitalised words ("Sergei", "La Nueva Frontera", "Tau Ceti"), with the word before it. The word
# before starts at a word boundary: tried inside a word, it would rescan a 100 KB word once per letter.
CAPITALISED_RUN = re.compile(
    r"(?:(?<![\wáéíóúñ])(?P<before>[\wáéíóúñ]+)[,;]? |(?P<open>^|[.!?¿¡:\"“(…]\s*))"
    r"(?P<run>[A-ZÁÉÍÓÚ][\wáéíóúñ]+(?: (?:de |del |de la )?[A-ZÁÉÍÓÚ][\wáéíóúñ]+)*)"
)
# Words before a name that make it a place, an organisation or a thing, not a person ("la Nueva Frontera").
ARTICLES = frozenset("el la los las lo del al un una unos unas su sus este esta ese esa nuestro nuestra".split())
PAST_WORDS = frozenset(
    "era eran fue fueron había habían hubo tenía tenían estaba estaban dijo decía decían hizo pasó llegó "
    "solía podía quería parecía sabía conocí encontré dije pensé fui hice vi".split()
)
# Imperfect and preterite endings; "-ríamos" is the conditional of a tutorial ("deberíamos"), not a story.
PAST_ENDING = re.compile(r"(?:aba|abas|aban|ábamos|(?<!r)íamos|ió)$|^\w{3,}ó$")
# Conditions and quantifiers open rules but also stories ("Cuando tengo un novato..."): they count half.
WEAK_RULE_WORDS = frozenset("si cuando cada".split())
# Generic board-game rule vocabulary and second-person instructions (Spanish).
RULE_WORDS = frozenset(
    "jugador jugadores carta cartas turno turnos ronda rondas fase fases acción acciones dado dados tirada "
    "tiradas mazo mazos ficha fichas marcador marcadores tablero punto puntos partida casilla casillas regla "
    "reglas efecto efectos nivel daño daños ataque ataques movimiento coste valor resultado ganador victoria "
    "preparación juego mano descarte reserva espacio espacios zona zonas símbolo icono "
    "puedes debes tienes juegas eliges colocas robas recibes estás realizas haz coloca roba descarta elige "
    "mueve tira añade pon coge toma gasta paga mira consulta retira suma resta juega lanza usa utiliza "
    "si cada cuando excepto salvo".split()
)
# What a rule says a player may or must do ("puede decir Uno", "se recomienda esperar"): the voice of a rule,
# even around a past tense ("después de que este apoyó y soltó la carta").
MODAL_VERBS = frozenset("puede pueden debe deben podrá podrán deberá deberán recomienda".split())
WORD = re.compile(r"[\wáéíóúüñÁÉÍÓÚÜÑ]+")


KEYS = ("flavor_names", "place_names", "rule_words", "noise_phrases")


@dataclass(frozen=True)
class CleanOptions:
    """Per-game hints from `options.clean` in game.yaml; the defaults work without any."""

    flavor_names: tuple[str, ...] = ()  # characters of the game's stories (Alice, Sergei, ...)
    place_names: tuple[str, ...] = ()  # places and setting terms of the stories, never characters ("Nueva Frontera")
    rule_words: tuple[str, ...] = ()  # extra vocabulary that marks rule text
    noise_phrases: tuple[str, ...] = ()  # extra phrases that mark a forum post as chatter
    lines: tuple[tuple[str, str, int], ...] = field(default=(), compare=False, hash=False)  # (key, text, game.yaml line)

    @cached_property  # asked once per token while judging blocks: build the set once
    def rules(self) -> frozenset[str]:
        return RULE_WORDS | {word.casefold() for word in self.rule_words}


def read_clean_options(fields: Fields) -> CleanOptions:
    """`options.clean` of a game.yaml -> CleanOptions; each key a list of non-empty texts."""
    options = CleanOptions(**{key: tuple(item.strip() for item in fields.texts(key)) for key in KEYS},
                           lines=tuple((key, text.strip(), line) for key in KEYS for _, text, line in fields.text_lines(key)))
    fields.finish()
    return options


MAX_REMEMBERED = 2000  # texts up to this long have their verdicts remembered (a 100 KB block is not kept)


def chatter_reason(text: str, options: CleanOptions) -> str | None:
    """Why a block of text is forum chatter, or None (remembered: the cleaner asks it of a line, of the block the
    line makes alone, and of the kept line read again)."""
    return _remembered_chatter(text, options) if len(text) <= MAX_REMEMBERED else _chatter_reason(text, options)


@lru_cache(maxsize=1 << 14)
def _remembered_chatter(text: str, options: CleanOptions) -> str | None:
    return _chatter_reason(text, options)


def _chatter_reason(text: str, options: CleanOptions) -> str | None:
    for reason, pattern in CHATTER_PATTERNS:
        if pattern.search(text):
            return reason
    lowered = text.casefold()
    for phrase in options.noise_phrases:
        if phrase.casefold() in lowered:
            return f"noise phrase {phrase!r} (game.yaml)"
    tokens = words(text)
    first = sum(token in FIRST_PERSON for token in tokens)
    if META_WORDS.search(text) and (OPINION.search(text) or first >= 2):
        return RULEBOOK_OPINION
    return None


@dataclass(frozen=True)
class Voice:
    """Counts that tell a story from a rule: narrative first person and past tense against rule words."""

    words: int
    narrative: float
    rules: float

    @property
    def flavor(self) -> bool:
        # A story needs several narrative signals and must outweigh its rule vocabulary.
        return self.narrative >= 2 and self.narrative * 1.5 > self.rules and self.narrative / max(self.words, 1) > 0.04


# A question ("¿Puedo...?", a FAQ) or a saying quoted (“Tiré porque...”, «…», "…", open to the end): no narrator's first person.
QUESTION_SPAN = re.compile(r"¿[^¿?]{0,200}\?|“[^“”]{0,200}(?:”|$)|«[^«»]{0,200}(?:»|$)|\"[^\"]{0,200}(?:\"|$)")


def voice(text: str, options: CleanOptions) -> Voice:
    tokens = words(text)
    rule_set = options.rules
    narrative = 0.0
    asked = set(words(" ".join(QUESTION_SPAN.findall(text)))) if any(mark in text for mark in '¿“«"') else set()
    for token in tokens:
        if token in asked and token in FIRST_PERSON:
            continue
        if token in FIRST_SINGULAR:
            narrative += 1
        elif token in FIRST_PLURAL:
            narrative += 0.5
        elif token in PAST_WORDS or PAST_ENDING.search(token):
            narrative += 1
    names = {name.casefold() for name in options.flavor_names}
    narrative += 2 * sum(token in names for token in tokens)
    narrative += len(CONVERSATIONAL.findall(text))
    rules = sum(0.5 if token in WEAK_RULE_WORDS else 1 for token in tokens if token in rule_set or token in MODAL_VERBS)
    return Voice(words=len(tokens), narrative=narrative, rules=rules)


def aside_reason(text: str, options: CleanOptions) -> str | None:
    """Why a parenthesis inside a rule is the translator talking ("(sí, así me quedo con ..., jajaja)")."""
    reason = chatter_reason(text, options)
    if reason:
        return reason
    # A quotation ('("Te podría contar como lo hago...")') is a character speaking, not the translator.
    quoted = text.strip("() ")[:1] in "\"'“«"
    if not quoted and any(token in FIRST_SINGULAR for token in words(text)):
        return "translator speaking in the first person"
    return None
