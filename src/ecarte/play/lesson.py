"""The lesson (``ecarte learn``, "Learn to play"): three guided deals; the script of
the lesson and the runner that holds it to the real engine.

The player sits at seat 0 against Klara (seat 1), who plays the moves the
script gives her. Three prepared deals make a game to 5 under the default
rules (the ace below the jack, must trump): the first is the worked example
of Klara and Leo from the Swedish rule text (the player is Leo), the next
two teach the refusal, the king, beating and trumping, and both penalties.
Each of the player's steps accepts only the move it teaches; any other move
gets an explanation (the engine's own message for an illegal card), never a
silent refusal. The screen is ``ecarte.tui.lesson_screen``; docs/rules.md
describes the rules taught here.

Card codes in braces (``{KS}``) in the texts are shown as the cards' labels.
The texts are marked for the catalog (``N_``) and translated where they are
read (``Lesson.text``, ``hint``, ``why``, ``part``), so that a change of
language shows at once. No Textual and no Rich here.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from ecarte.engine import Action, ActionType, Card, IllegalActionError, Match, Phase, Rules, deck_for
from ecarte.engine.cards import card_label, parse_card
from ecarte.i18n import N_, _
from ecarte.log import names as log_names
from ecarte.log.names import the_apps_player
from ecarte.text import sentence

from . import paths
from .not_now import not_now

YOU = 0
KLARA = 1
TEACHER = "Klara"
LESSON_RULES = Rules()
"""The default rules: the lesson teaches them whatever the settings say."""
FINISHED_MARKER = "lesson-finished"
"""A file in the data directory: the lesson was played to its end."""


class StepKind(StrEnum):
    DEAL = "deal"
    """The next prepared deck is dealt (no one decides)."""
    SAY = "say"
    """An explanation: Enter goes on."""
    YOU = "you"
    """The player's move: only ``action`` is accepted."""
    KLARA = "klara"
    """Klara's move, played for her."""


@dataclass(frozen=True, slots=True)
class Step:
    kind: StepKind
    text: str = ""
    """SAY and YOU: what the lesson says (and, for YOU, what to do)."""
    action: str = ""
    """YOU and KLARA: the move, as an action's text (``card KS``, ``discard 7D 8C``)."""
    hint: str = ""
    """YOU: what to press, in a few words (repeated after a wrong key)."""
    why: str = ""
    """YOU: why this step wants its move and not another legal one."""
    deck: tuple[Card, ...] = ()
    """DEAL: the deck order to deal."""
    title: str = ""
    """SAY: the heading of the part of the lesson that starts here."""
    # What the script claims the engine will do (the tests check each one):
    only_move: bool = False
    """KLARA: her move is her only legal card (the rules force it)."""
    trick_to: int | None = None
    """The seat that takes the trick this move ends."""
    score: tuple[int, int] | None = None
    """The game score after this step, seat 0 (you) first."""
    liable: int | None = None
    """The seat this step makes liable."""


def _deal(elder: str, dealer: str, upcard: str, stock: str = "") -> Step:
    deck = deck_for(elder.split(), dealer.split(), upcard, stock.split(), LESSON_RULES.deal_packets)
    return Step(StepKind.DEAL, deck=deck)


def _say(text: str, title: str = "") -> Step:
    return Step(StepKind.SAY, text=text, title=title)


def _you(
    action: str,
    text: str,
    hint: str,
    why: str = "",
    *,
    trick_to: int | None = None,
    score: tuple[int, int] | None = None,
    liable: int | None = None,
) -> Step:
    return Step(
        StepKind.YOU,
        text=text,
        action=action,
        hint=hint,
        why=why,
        trick_to=trick_to,
        score=score,
        liable=liable,
    )


def _klara(
    action: str,
    *,
    only_move: bool = False,
    trick_to: int | None = None,
    score: tuple[int, int] | None = None,
    liable: int | None = None,
) -> Step:
    return Step(
        StepKind.KLARA, action=action, only_move=only_move, trick_to=trick_to, score=score, liable=liable
    )


STEPS: tuple[Step, ...] = (
    # --- Deal 1: the Swedish worked example. Klara deals to you (Leo). --------------------
    _deal("QH 8H KS 7D 8C", "9S AH TH JD 8D", "9H", "JH TC QC"),
    _say(
        # Translators: the lesson's texts. {9H}, {KS}... are cards (nine of hearts, king
        # of spades): keep them as they are, they are shown as the cards' labels.
        N_(
            "Écarté is played with 32 cards. In each suit, from high to low: K Q J A 10 9 8 7. "
            "Yes: the ace ranks below the jack. Klara has dealt you five cards, for five tricks: "
            "each plays a card, the higher takes the trick, and whoever takes 3 scores."
        ),
        title=N_("Your first deal"),
    ),
    _say(
        N_(
            "The card turned up on the table, the {9H}, makes hearts trumps for this deal: "
            "a heart beats any card of another suit. You hold two trumps: {QH} and {8H}. These "
            "deals are prepared: I will tell you about Klara's cards as we go."
        )
    ),
    _say(
        N_(
            "You are elder: the player who did not deal, and you speak first. Play the hand as it "
            "is, or propose an exchange of cards. Playing at once is a risk: lose the deal, and "
            "Klara scores 2, not 1. Open to that penalty, you are liable."
        ),
    ),
    _you(
        "propose",
        N_(
            "Two trumps and a king is a fair hand, not a sure one: the old books would play it at "
            "once; by the computer's reckoning, playing and proposing are about even. Propose, to "
            "see the exchange."
        ),
        hint=N_("Press e to propose."),
        why=N_(
            "This first deal shows the exchange: press e to propose. Playing at once is allowed, "
            "but risky: lose the deal and Klara scores 2, not 1."
        ),
    ),
    _klara("accept"),
    _you(
        "discard 7D 8C",
        N_(
            "Klara accepts. Throw away 1 to 5 cards and draw as many from the stock, the pile "
            "face down. Pick the {7D} and the {8C} (their numbers, or ←/→ and Space), then Enter."
        ),
        hint=N_("Pick {7D} and {8C}, then Enter."),
        why=N_("Keep the {KS} and your trumps: they take tricks. Discard just the {7D} and the {8C}."),
    ),
    _klara("discard JD"),
    _you(
        "play",
        N_(
            "You drew the {JH} and the {TC} (marked +); Klara, who could have kept her hand, "
            "changed one card. Three trumps and the {KS}: strong. Play: after an exchange, playing makes no "
            "one liable."
        ),
        hint=N_("Press p to play."),
        why=N_("You could propose again, but this hand is strong. Press p."),
    ),
    _you(
        "card KS",
        N_(
            "The king of trumps, the {KH}, scores 1 point for the player who holds it and "
            "announces it (you will, later); no one holds it here. You lead the first trick: "
            "play the {KS}, the highest spade."
        ),
        hint=N_("Play the {KS}."),
        why=N_("Lead the {KS}: a king is the highest card of its suit."),
    ),
    _klara("card 9S", only_move=True, trick_to=YOU),
    _say(
        N_(
            "Klara must follow suit: her only spade, the {9S}, had to go. Your trick: ✓ marks "
            "who took it. The cards in heavy frames are those you may play. In the Score box, "
            "pts are the points of the game and trk the tricks of this deal. In a match, ? "
            "explains every box."
        )
    ),
    _you(
        "card QH",
        N_("Now lead your trumps: the {QH}, your highest."),
        hint=N_("Play the {QH}."),
        why=N_("Lead the {QH}, your highest trump: Klara must answer with a heart."),
    ),
    _klara("card TH", trick_to=YOU),
    _you(
        "card JH",
        N_(
            "She must also beat your card if she can: her {AH} and {TH} are both below your "
            "queen. Lead the {JH}."
        ),
        hint=N_("Play the {JH}."),
        why=N_("Lead the {JH}: Klara's last heart is the ace, and the ace is below the jack."),
    ),
    _klara("card AH", only_move=True, trick_to=YOU),
    _you(
        "card TC",
        N_("Her {AH} lost to your jack. Three tricks: the point is yours! Lead the {TC} now."),
        hint=N_("Play the {TC}."),
        why=N_("Either card gives you four tricks; lead the {TC} to see the trump rule at work."),
    ),
    _klara("card QC", only_move=True, trick_to=KLARA),
    _klara("card 8D"),
    _you(
        "card 8H",
        N_(
            "Klara beat your ten with the {QC} and leads the {8D}. You have no diamonds, so "
            "you must trump: play the {8H}."
        ),
        hint=N_("Play the {8H}."),
        trick_to=YOU,
        score=(1, 0),
    ),
    _say(
        N_(
            "4 tricks to 1: 1 point. All five, the vole, would have scored 2. You proposed, so "
            "the points are the ordinary ones; had you played at once and lost, Klara would "
            "have scored 2."
        ),
        title=N_("Scoring"),
    ),
    # --- Deal 2: you deal; Klara proposes, you refuse and announce the king. ---------------
    _deal("AD QD 9S KC QH", "KS JS KD 7D 8C", "7S"),
    _say(
        N_(
            "A game goes to 5 points: the first to reach them wins it, and your point from the "
            "first deal counts. The deal alternates: you deal, and Klara speaks first. The {7S} is "
            "turned up: spades are trumps."
        ),
        title=N_("A game to 5 points"),
    ),
    _klara("propose"),
    _you(
        "refuse",
        N_(
            "Klara proposes an exchange. You hold the trump king {KS}, the {JS} and the {KD}: "
            "strong. Refuse, so that she cannot better her hand. The risk: lose the deal now, "
            "and she scores 2."
        ),
        hint=N_("Press r to refuse."),
        why=N_("Accepting is the safe choice, but she would better her hand. Here, press r."),
        liable=YOU,
    ),
    _klara("card AD"),
    _you(
        "king",
        N_(
            "Klara leads the {AD}. As the dealer, you may now announce the king of trumps for "
            "1 point, before you play a card."
        ),
        hint=N_("Press k to announce the king."),
        why=N_("Announce first (k): once you play to this trick, the king's point is lost."),
        score=(2, 0),
    ),
    _you(
        "card KD",
        N_(
            "1 point for the king. Now answer the {AD}: you must follow suit, and beat it if "
            "you can. Your {KD} beats the ace."
        ),
        hint=N_("Play the {KD}."),
        trick_to=YOU,
    ),
    _you(
        "card KS",
        N_(
            "Your trick, so you lead. Trumps first: play the {KS}. Klara must answer with a trump "
            "if she has one, and a trump she spends now cannot beat your other cards later."
        ),
        hint=N_("Play the {KS}."),
        why=N_("Lead the {KS}: each trump Klara must give up now makes your other cards safer."),
    ),
    _klara("card 9S", only_move=True, trick_to=YOU),
    _you(
        "card JS",
        N_(
            "Klara had to give up her only trump, the {9S}. Lead the {JS}: she has no trumps left to beat it."
        ),
        hint=N_("Play the {JS}."),
        why=N_("Lead the {JS}: no card of Klara's can take it."),
    ),
    _klara("card QH", trick_to=YOU),
    _you(
        "card 7D",
        N_("Three tricks: this deal is yours. Your last two cards will lose: lead the {7D}."),
        hint=N_("Play the {7D}."),
        why=N_("Both your cards lose now; the lesson plays the {7D} first."),
    ),
    _klara("card QD", only_move=True, trick_to=KLARA),
    _klara("card KC"),
    _you(
        "card 8C",
        N_("Klara's {QD} beat your seven, and she leads the {KC}: follow suit with your {8C}."),
        hint=N_("Play the {8C}."),
        trick_to=KLARA,
        score=(3, 0),
    ),
    _say(
        N_(
            "3 tricks to 2: 1 point, and 1 for the king: 3 to 0. You refused and won, so you "
            "score as usual. Had you lost, Klara would have scored 2."
        ),
        title=N_("Scoring"),
    ),
    # --- Deal 3: Klara turns up a king, refuses your proposal and loses. ------------------
    _deal("JC 9C KH QH KD", "QC AS KS QS 7H", "KC"),
    _say(
        N_("Klara deals and turns up a king, the {KC}: the dealer scores 1 point at once. Clubs are trumps."),
        title=N_("The last deal"),
    ),
    _you(
        "propose",
        N_(
            "A good hand: the old books would play it at once, but if you lost, Klara would score 2. "
            "Proposing is the safer choice: if she refuses, the risk is hers."
        ),
        hint=N_("Press e to propose."),
        why=N_("Playing without proposing makes you liable: lose, and Klara scores 2. Press e."),
    ),
    _klara("refuse", liable=KLARA),
    _you(
        "card JC",
        N_(
            "Klara refuses, so she is liable: if she loses, you score 2. Her one trump is the "
            "{QC}. Lead your {JC}: she must beat it, and then has no trump left for your kings."
        ),
        hint=N_("Play the {JC}."),
        why=N_("Lead the {JC}: it costs Klara her only trump, which could beat one of your kings later."),
    ),
    _klara("card QC", only_move=True, trick_to=KLARA),
    _klara("card KS"),
    _you(
        "card 9C",
        N_(
            "Her {QC} took your jack, as planned: her only trump is gone. She leads the {KS}. "
            "You have no spades, so you must trump: play the {9C}."
        ),
        hint=N_("Play the {9C}."),
        trick_to=YOU,
    ),
    _you(
        "card KH",
        N_("Klara has no trumps left: every card of yours wins now. Lead the {KH}."),
        hint=N_("Play the {KH}."),
        why=N_("Any card wins here; the lesson plays the {KH} first."),
    ),
    _klara("card 7H", only_move=True, trick_to=YOU),
    _you(
        "card QH",
        N_("Two tricks. Lead the {QH}: Klara has no hearts and no trumps."),
        hint=N_("Play the {QH}."),
        why=N_("Any card wins here; the lesson plays the {QH} next."),
    ),
    _klara("card QS", trick_to=YOU),
    _you(
        "card KD",
        N_(
            "Klara had no heart and no trump, so she could play any card: the {QS}. Three "
            "tricks: you beat a liable player. Lead your last card, the {KD}."
        ),
        hint=N_("Play the {KD}."),
    ),
    _klara("card AS", only_move=True, trick_to=YOU, score=(5, 1)),
    _say(
        N_(
            "4 tricks to 1, and Klara had refused: 2 points, not 1. 5 to 1: you win the game! "
            "Next, a real game against the Easy computer."
        ),
        title=N_("Well played"),
    ),
)

_CODE = re.compile(r"\{([KQJAT987][SHDC])\}")


def card_words(text: str) -> str:
    """A lesson text with its card codes (``{KS}``) as labels (``K♠``)."""
    return _CODE.sub(lambda found: card_label(parse_card(found.group(1))), text)


def wants(step: Step) -> Action:
    """The move a YOU or KLARA step makes."""
    return Action.parse(step.action)


class Lesson:
    """The lesson in progress: the match, and the step it stands at.

    ``names`` and ``match`` are what the table's widgets read.
    """

    def __init__(self, player_name: str = "You", steps: Sequence[Step] = STEPS) -> None:
        self.match = Match(LESSON_RULES, first_dealer=KLARA)
        # A player named as the teacher would sit at a table of two Klaras
        # (the score, the trick's taker): the lesson calls them "You".
        if player_name.strip().casefold() == TEACHER.casefold():
            player_name = log_names.YOU
        self.names = (the_apps_player(player_name), TEACHER)
        self.steps = tuple(steps)
        self.index = 0

    @property
    def step(self) -> Step:
        return self.steps[self.index]

    @property
    def is_last(self) -> bool:
        return self.index == len(self.steps) - 1

    @property
    def automatic(self) -> bool:
        """Whether the current step happens without the player (a deal, Klara's move)."""
        return self.step.kind in (StepKind.DEAL, StepKind.KLARA)

    @property
    def part(self) -> str:
        """The title of the part of the lesson the current step is in, in the player's language."""
        title = next((step.title for step in reversed(self.steps[: self.index + 1]) if step.title), "")
        return _(title) if title else ""

    @property
    def text(self) -> str:
        """What the current step says, in the player's language, its cards as labels."""
        return card_words(_(self.step.text)) if self.step.text else ""

    @property
    def hint(self) -> str:
        """What to press at the current step, in the player's language, its cards as labels."""
        return card_words(_(self.step.hint)) if self.step.hint else ""

    @property
    def progress(self) -> tuple[int, int]:
        """(this step's number, how many) counting only the steps the player takes."""
        taking = [i for i, step in enumerate(self.steps) if step.kind in (StepKind.SAY, StepKind.YOU)]
        done = sum(1 for i in taking if i <= self.index)
        return done, len(taking)

    def run_automatic(self) -> Step:
        """Deal, or play Klara's move; then the next step."""
        step = self.step
        if step.kind == StepKind.DEAL:
            self.match.deal(step.deck)
        elif step.kind == StepKind.KLARA:
            self.match.apply(wants(step), KLARA)
        else:
            raise ValueError(f"step {self.index} is not automatic: it waits for the player")
        self.index += 1
        return step

    def go_on(self) -> str | None:
        """Enter: past an explanation (``None``), or why this step needs a move."""
        step = self.step
        if step.kind == StepKind.SAY:
            if not self.is_last:
                self.index += 1
            return None
        return self.explain(None)

    def try_move(self, action: Action) -> str | None:
        """The player's move: applied when it is the step's (``None``), else
        the explanation of why this step wants another one."""
        step = self.step
        if step.kind != StepKind.YOU or action != wants(step):
            return self.explain(action)
        self.match.apply(action, YOU)
        self.index += 1
        return None

    def explain(self, action: Action | None) -> str:
        """Why ``action`` (``None``: Enter) is not this step's move, in words."""
        step = self.step
        if step.kind == StepKind.SAY:
            return _("Read the lesson, then press Enter to go on.")
        if step.kind != StepKind.YOU:
            return _("Wait a moment: {name} is playing.").format(name=TEACHER)
        hint = self.hint
        if action is None:
            return hint
        match = self.match
        engine_words = action.type == ActionType.KING or (
            action.type == ActionType.CARD and match.phase == Phase.TRICKS
        )
        if engine_words and match.current_player == YOU:
            try:
                match.copy().apply(action, YOU)
            except IllegalActionError as error:
                # The engine's words name the rule; the hint says what to do.
                return f"{sentence(str(error))} {hint}"
        if action in match.legal_actions() and step.why:
            return card_words(_(step.why))
        return f"{not_now(match.phase, action.type, TEACHER)} {hint}"


def rules_note(rules: Rules) -> str:
    """What the real game after the lesson does differently, with the
    settings' rules, in a few words ("" when it plays the lesson's rules)."""
    changes = []
    if rules.ace_high:
        # Translators: the items of "Your settings differ from the lesson: {changes}."
        changes.append(_("ace high"))
    if not rules.must_trump:
        changes.append(_("trumping optional"))
    if rules.target != LESSON_RULES.target:
        changes.append(_("game to {target}").format(target=rules.target))
    known = LESSON_RULES.replace(ace_high=rules.ace_high, must_trump=rules.must_trump, target=rules.target)
    if rules != known:
        changes.append(_("more under F2"))
    if not changes:
        return ""
    return _("Your settings differ from the lesson: {changes}.").format(changes=" · ".join(changes))


def finished_marker() -> Path:
    return paths.data_dir() / FINISHED_MARKER


def lesson_finished() -> bool:
    try:
        return finished_marker().exists()
    except OSError:
        return False


def mark_finished() -> None:
    """Remember that the lesson was played through (the title stops pointing
    at it); a data directory that cannot be written only keeps the pointer."""
    try:
        marker = finished_marker()
        marker.parent.mkdir(parents=True, exist_ok=True)
        marker.touch()
    except OSError:
        pass


def newcomer() -> bool:
    """No match was ever saved and the lesson was never finished: the title
    screen points at the lesson."""
    if lesson_finished():
        return False
    try:
        return not any(paths.matches_dir().glob("*.ecarte.jsonl"))
    except OSError:
        return True
