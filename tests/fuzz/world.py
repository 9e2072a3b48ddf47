"""Build the small site the fuzz test attacks: five events and five kinds of user.

- ``ind``: an individual event (deals entered point by point), two qualifying rounds
  closed, the third published with one sheet holding deals and a table event, one
  confirmed and the others open; a final phase waits.
- ``pairs``: a fixed-pairs event entering game totals only, round 1 closed and
  round 2 drawn as a draft (so the swap, redraw and publish forms show).
- ``other``: a hidden event directed by someone else, entering card counts, its
  round open; its ids are the cross-event ids a director must not reach.
- ``ko``: pairs in pools, then a knockout whose final is open (the bracket pages,
  the director's decisions).
- ``open``: an upcoming pairs event open for registration online (the public form).
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class World:
    users: dict  # role -> User (or None for anonymous)
    slugs: dict  # "ind" | "pairs" | "other" | "ko" | "open" -> slug
    ids: dict = field(default_factory=dict)  # (event, kind) -> [ids]


ROLES = ("anonymous", "plain", "other_director", "director", "staff")


def _ids(qs) -> list[int]:
    return list(qs.order_by("pk").values_list("pk", flat=True))


def build_world() -> World:
    """Create the events and users; return their slugs and ids."""
    director, other_director, plain, staff = _users()
    ind = _individual_event(director)
    pairs = _pairs_event(director)
    other = _hidden_event(other_director)
    ko = _knockout_event(director)
    upcoming = _open_event(director)
    world = World(
        users={
            "anonymous": None,
            "plain": plain,
            "other_director": other_director,
            "director": director,
            "staff": staff,
        },
        slugs={
            "ind": ind.slug,
            "pairs": pairs.slug,
            "other": other.slug,
            "ko": ko.slug,
            "open": upcoming.slug,
        },
    )
    events = (
        ("ind", ind),
        ("pairs", pairs),
        ("other", other),
        ("ko", ko),
        ("open", upcoming),
    )
    for key, t in events:
        _event_ids(world, key, t)
    return world


def _users():
    """The events' director, another event's director, a plain user and staff."""
    from django.contrib.auth import get_user_model

    User = get_user_model()
    director = User.objects.create_user(username="fuzz-director")
    other_director = User.objects.create_user(username="fuzz-other-director")
    plain = User.objects.create_user(username="fuzz-plain")
    staff = User.objects.create_user(username="fuzz-staff", is_staff=True)
    for user in (director, other_director, plain, staff):
        user.set_unusable_password()
        user.save(update_fields=["password"])
    return director, other_director, plain, staff


def _individual_event(director):
    """The individual event: rounds 1-2 closed, round 3 published and open."""
    from scoring import services as scoring
    from scoring.models import ScoreSheet
    from scoring.services import DealInput, GameInput
    from tests.builders import build_event
    from tournaments.models import Entry, Game, Phase, Round, Table

    ind = build_event(
        players=16, rounds=3, final=8, seed=5, clubs=4, slug="fuzz-ind", confirm=False
    )
    ind.directors.add(director)
    final = Phase.objects.get(tournament=ind, order=2)
    last = Round.objects.get(tournament=ind, number=3)
    final_round = Round.objects.get(tournament=ind, phase=final)
    # The builder plays the final too; this event stops before it.
    Entry.objects.filter(tournament=ind).update(phase=None)
    final_round.delete()
    last.status = Round.Status.PUBLISHED
    last.save(update_fields=["status"])
    Game.objects.filter(table__round=last).update(
        score_a=0, score_b=0, finished=False, winner=None, deals_won_a=0, deals_won_b=0
    )
    ScoreSheet.objects.filter(table__round=last).update(
        status=ScoreSheet.Status.OPEN, confirmed_at=None
    )
    tables = list(Table.objects.filter(round=last).order_by("number"))
    nt = "no_trump"
    played = {n: GameInput([DealInput(nt, 60), DealInput(nt, 58)]) for n in (1, 2, 3)}
    # Table 1: confirmed. Table 2: two deals a game and an award. Others: open.
    sheet = ScoreSheet.objects.get(table=tables[0])
    sheet = scoring.sheet_save(
        sheet=sheet, data=played, by=director, version=sheet.version
    )
    scoring.sheet_confirm(sheet=sheet, by=director, version=sheet.version)
    sheet = ScoreSheet.objects.get(table=tables[1])
    sheet = scoring.sheet_save(
        sheet=sheet, data=played, by=director, version=sheet.version
    )
    scoring.table_event_add(
        sheet=sheet,
        game=tables[1].games.order_by("number").first(),
        kind="award",
        side=0,
        points=5,
        reason="fuzz",
        by=director,
        version=sheet.version,
    )
    return ind


def _pairs_event(director):
    """The pairs event (totals only): round 1 closed, round 2 a draft."""
    from draws import services as draw_services
    from tests.builders import build_event
    from tournaments.models import Phase, Tournament

    pairs = build_event(
        players=10, rounds=1, final=0, seed=6, clubs=3, slug="fuzz-pairs", pairs=True
    )
    pairs.directors.add(director)
    Tournament.objects.filter(pk=pairs.pk).update(
        entry_mode=Tournament.EntryMode.TOTALS
    )
    phase = Phase.objects.get(tournament=pairs, order=1)
    Phase.objects.filter(pk=phase.pk).update(rounds=3)
    phase.refresh_from_db()
    draw_services.round_draw(phase=phase, by=director, seed=3)
    _registrations(pairs)  # the director's lists have rows and forms to fuzz
    return pairs


def _hidden_event(other_director):
    """Another director's hidden event, entering card counts, its round open."""
    from scoring.models import ScoreSheet
    from tests.builders import build_event
    from tournaments.models import Game, Tournament

    other = build_event(
        players=8, rounds=1, final=0, seed=7, clubs=2, slug="fuzz-other", confirm=False
    )
    Tournament.objects.filter(pk=other.pk).update(
        is_public=False, entry_mode=Tournament.EntryMode.CARDS
    )
    other.directors.add(other_director)
    Game.objects.filter(table__round__tournament=other).update(
        score_a=0, score_b=0, finished=False, winner=None, deals_won_a=0, deals_won_b=0
    )
    ScoreSheet.objects.filter(table__round__tournament=other).update(
        status=ScoreSheet.Status.OPEN, confirmed_at=None
    )
    return other


def _knockout_event(director):
    """Pools, then a knockout under way (its final open): the bracket pages."""
    from draws.simulation import tournament_simulate

    ko = tournament_simulate(
        format="pairs",
        teams=8,
        draw="pools",
        pool_size=4,
        knockout=4,
        seed=9,
        leave_open=True,
        slug="fuzz-ko",
    ).tournament
    ko.directors.add(director)
    return ko


def _open_event(director):
    """An upcoming event open for registration online (the public form)."""
    import datetime

    from django.utils import timezone

    from tests import factories

    upcoming = factories.TournamentFactory(
        slug="fuzz-open",
        format="pairs",
        date=timezone.localdate() + datetime.timedelta(days=14),
        registers_online=True,
        capacity=6,
        registration_deadline=timezone.now() + datetime.timedelta(days=7),
    )
    upcoming.directors.add(director)
    _registrations(upcoming)
    return upcoming


def _event_ids(world: World, key: str, t) -> None:
    """Record the ids of everything the event ``key`` holds, by kind."""
    from clubs.models import Club, Player, Team
    from scoring.models import DealRecord, TableEvent
    from tournaments.models import (
        Bye,
        Entry,
        Game,
        KnockoutMatch,
        Phase,
        Round,
        Seat,
        Table,
    )

    world.ids[key, "phase"] = _ids(Phase.objects.filter(tournament=t))
    world.ids[key, "round"] = _ids(Round.objects.filter(tournament=t))
    world.ids[key, "number"] = list(
        Round.objects.filter(tournament=t)
        .order_by("number")
        .values_list("number", flat=True)
    )
    world.ids[key, "table"] = _ids(Table.objects.filter(round__tournament=t))
    world.ids[key, "entry"] = _ids(Entry.objects.filter(tournament=t))
    world.ids[key, "seat"] = _ids(Seat.objects.filter(round__tournament=t))
    world.ids[key, "bye"] = _ids(Bye.objects.filter(round__tournament=t))
    world.ids[key, "game"] = _ids(Game.objects.filter(table__round__tournament=t))
    world.ids[key, "deal"] = _ids(
        DealRecord.objects.filter(game__table__round__tournament=t)
    )
    world.ids[key, "event"] = _ids(
        TableEvent.objects.filter(game__table__round__tournament=t)
    )
    world.ids[key, "player"] = _ids(Player.objects.filter(entries__tournament=t))
    world.ids[key, "team"] = _ids(Team.objects.filter(entries__tournament=t))
    clubs = Club.objects.filter(players__entries__tournament=t) | Club.objects.filter(
        teams__entries__tournament=t
    )
    world.ids[key, "club"] = sorted(set(clubs.values_list("pk", flat=True)))
    world.ids[key, "registration"] = _ids(t.registrations.all())
    world.ids[key, "match"] = _ids(KnockoutMatch.objects.filter(phase__tournament=t))


def _registrations(tournament) -> None:
    """Two singles to pair and two pairs waiting, as registered online before the
    day (written directly: the event has begun, the form is closed)."""
    from django.utils import timezone

    from registrations.models import Registration

    now = timezone.now()
    rows = [("single", "confirmed", None), ("single", "confirmed", None)]
    rows += [("pair", "waiting", 1), ("pair", "waiting", 2)]
    for n, (kind, status, position) in enumerate(rows):
        pair = kind == "pair"
        Registration.objects.create(
            tournament=tournament,
            kind=kind,
            status=status,
            position=position,
            first_name=f"Web{n}",
            last_name="Fuzz",
            partner_first_name="Mate" if pair else "",
            partner_last_name=f"Fuzz{n}" if pair else "",
            email=f"web{n}@example.org",
            consent_at=now,
        )
