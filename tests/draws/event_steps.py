"""What a director does in the browser to run a day, step by step (the
end-to-end browser tests of an open pairs championship and a kaarting)."""

from django.urls import reverse

from tests.browser_login import login_cookie
from tournaments.models import Phase, Round


def director_desk(browser, live_server, director):
    """Open the director's laptop (1366 px), logged in as staff who may create
    tournaments; return its page."""
    director.is_staff = True
    director.save(update_fields=["is_staff"])
    desk = browser.new_context(viewport={"width": 1366, "height": 900})
    desk.add_cookies([login_cookie(director, live_server)])
    return desk.new_page()


def create_from_preset(page, base: str, *, preset: str, name: str) -> None:
    """Fill the new-tournament form from a preset, name it and save it."""
    page.goto(base + reverse("tournaments:tournament_create") + f"?preset={preset}")
    page.fill("#id_name", name)
    page.fill("#id_date", "2026-12-05")
    page.locator("form button[type=submit].primary").last.click()
    page.wait_for_load_state()


def draw_and_publish(page, base: str, phase: Phase) -> Round:
    """Draw the phase's next round from the phase list and publish it."""
    page.goto(base + reverse("draws:phase_list", args=[phase.tournament.slug]))
    page.locator(f"#phase-{phase.pk} form.draw-form button[type=submit]").click()
    page.wait_for_load_state()
    page.locator("form[action$='/publish/'] button[type=submit]").first.click()
    page.wait_for_load_state()
    if page.locator("#publish-confirm").count():  # flagged tables: publish anyway
        page.locator("#publish-confirm button[type=submit]").click()
        page.wait_for_load_state()
    rnd = Round.objects.filter(phase=phase).order_by("-number").first()
    assert rnd.status == Round.Status.PUBLISHED, page.content()[:2000]
    return rnd


def close_round(page, base: str, rnd: Round) -> None:
    """Close the round at the results desk."""
    page.goto(base + reverse("scoring:round", kwargs={"round_id": rnd.pk}))
    page.locator(f"form[action$='/round/{rnd.pk}/close/'] button").click()
    page.wait_for_load_state()
    rnd.refresh_from_db()
    assert rnd.status == Round.Status.CLOSED


def no_sideways_scroll(page, width: int = 390) -> None:
    scroll = page.evaluate("document.documentElement.scrollWidth")
    assert scroll <= width, f"{page.url} is {scroll} px wide"
