"""The one place that answers a refusal (core/refusals.py), through real requests."""

import pytest
from django.contrib.messages import get_messages
from django.core.exceptions import ValidationError

pytestmark = pytest.mark.urls("tests.core.refusal_urls")

PAGE = "http://testserver/t/cup/rounds/2/?at=3"


def _messages(response) -> list[tuple[str, str]]:
    return [(m.level_tag, m.message) for m in get_messages(response.wsgi_request)]


def test_a_service_refusal_answers_a_json_client_with_its_status(client):
    response = client.post(
        "/escape/", {"name": "taken"}, headers={"Accept": "application/json"}
    )
    assert response.status_code == 409
    assert response["Content-Type"] == "application/json"
    assert response.json() == {"error": "This name is taken."}


def test_a_json_body_is_answered_in_json_too(client):
    response = client.post(
        "/escape/?name=nobody", data="{}", content_type="application/json"
    )
    assert response.status_code == 422
    assert response.json() == {"error": "Nobody may use this."}


def test_a_plain_post_goes_back_to_its_page_with_the_message(client):
    response = client.post("/escape/", {"name": "taken"}, headers={"Referer": PAGE})
    assert response.status_code == 302
    assert response["Location"] == PAGE
    assert _messages(response) == [("error", "This name is taken.")]


def test_a_referer_of_another_site_is_not_followed(client):
    response = client.post(
        "/escape/", {"name": "taken"}, headers={"Referer": "https://evil.example/"}
    )
    assert response.status_code == 409
    assert response["Content-Type"] == "text/plain; charset=utf-8"
    assert response.content.decode() == "This name is taken."
    assert _messages(response) == []


def test_a_refused_get_answers_the_message_as_text_with_its_status(client):
    response = client.get("/escape/", {"name": "nobody"})
    assert response.status_code == 422
    assert response["Content-Type"] == "text/plain; charset=utf-8"
    assert response.content.decode() == "Nobody may use this."


def test_an_htmx_post_is_not_redirected(client):
    response = client.post(
        "/escape/",
        {"name": "taken"},
        headers={"Referer": PAGE, "HX-Request": "true"},
    )
    assert response.status_code == 409
    assert response.content.decode() == "This name is taken."


def test_an_error_that_is_no_refusal_still_propagates(client):
    """A bug stays a bug (a 500), and so does a plain ValidationError let through."""
    with pytest.raises(ValueError, match="a bug"):
        client.post("/escape/", {"name": "broken"}, headers={"Referer": PAGE})
    with pytest.raises(ValidationError):
        client.post("/escape/", {"name": "both"}, headers={"Referer": PAGE})
    with pytest.raises(ValueError, match="a bug"):
        client.post("/form/", {"name": "broken"})


def test_a_service_error_is_shown_next_to_its_field_with_its_status(client):
    response = client.post("/form/", {"name": "taken"})
    assert response.status_code == 409
    assert response.content.decode() == repr({"name": ["This name is taken."]})


def test_a_field_the_form_lacks_puts_the_message_on_top(client):
    response = client.post("/form/", {"name": "nobody"})
    assert response.status_code == 422
    assert response.content.decode() == repr({"__all__": ["Nobody may use this."]})


def test_a_dict_of_errors_goes_field_by_field_and_the_rest_on_top(client):
    response = client.post("/form/", {"name": "both"})
    assert response.status_code == 400  # a plain ValidationError has no status
    assert response.content.decode() == repr(
        {"name": ["Too short."], "__all__": ["No colour."]}
    )


def test_a_widened_block_puts_a_refused_permission_next_to_its_field(client):
    response = client.post("/form/", {"name": "mine"})
    assert response.content.decode() == repr(
        {"club": ["You may not manage this club."]}
    )
    response = client.post("/form/", {"name": "silent"})
    assert response.content.decode() == repr({"club": ["Not yours."]})


def test_nothing_refused_runs_the_rest_of_the_block(client):
    response = client.post("/form/", {"name": "Anna"})
    assert response.status_code == 200
    assert response.content.decode() == "saved Anna"
    response = client.post("/button/", {"name": "Anna"})
    assert response["Location"] == "/done/"
    assert _messages(response) == [("success", "Done.")]


def test_a_button_refused_says_why_and_skips_the_rest_of_the_block(client):
    response = client.post("/button/", {"name": "taken"})
    assert response.status_code == 302
    assert response["Location"] == "/again/"
    assert _messages(response) == [("error", "This name is taken.")]


def test_a_button_refused_with_several_messages_shows_each(client):
    response = client.post("/button/", {"name": "both"})
    assert response["Location"] == "/again/"
    assert _messages(response) == [("error", "Too short."), ("error", "No colour.")]


def test_a_button_does_not_catch_what_it_was_not_told_to(client):
    with pytest.raises(ValueError, match="a bug"):
        client.post("/button/", {"name": "broken"})


def test_a_caught_refusal_is_kept_for_the_view_to_answer_and_nothing_else(client):
    response = client.post("/caught/", {"name": "taken"})
    assert response.status_code == 409
    assert response.content.decode() == "kept: This name is taken."
    assert _messages(response) == []
    # Not of the kinds named: the middleware answers it (a plain post: its text).
    response = client.post("/caught/", {"name": "nobody"})
    assert response.status_code == 422
    assert response.content.decode() == "Nobody may use this."
