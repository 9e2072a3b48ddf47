"""Write an event to a file and read it back; delete an event and its people."""

from django.core.management import call_command

from clubs.models import Club, Player, Team
from tournaments.models import Entry, Round, Tournament


def _file(tmp_path, slug: str):
    path = tmp_path / f"{slug}.json"
    call_command("export_event", slug, str(path), verbosity=0)
    return path


def _import(path, *args) -> str:
    from io import StringIO

    out = StringIO()
    call_command("import_event", str(path), *args, stdout=out, verbosity=0)
    return out.getvalue().strip()


def _delete(slug: str) -> None:
    """Delete a tournament (its rounds first: a seat protects its entrant)."""
    Round.objects.filter(tournament__slug=slug).delete()
    Tournament.objects.filter(slug=slug).delete()


def _without_people(slug: str) -> None:
    """Delete a tournament and every club, player and team no other event uses."""
    _delete(slug)
    Team.objects.filter(entries__isnull=True).delete()
    used = set(Entry.objects.values_list("player", flat=True))
    used |= set(Entry.objects.values_list("plays_for", flat=True))
    for team in Team.objects.all():
        used |= {team.player_one_id, team.player_two_id}
    Player.objects.exclude(pk__in=used - {None}).delete()
    Club.objects.filter(
        players__isnull=True, teams__isnull=True, tournaments__isnull=True
    ).delete()
