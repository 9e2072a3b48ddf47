"""Publish an event file to the web site's API, as the hall's laptop does."""

PUBLISH = "/api/events/{slug}/publish/"


def _publish(client, slug, body, token, **headers):
    return client.post(
        PUBLISH.format(slug=slug),
        data=body,
        content_type="application/json",
        headers={"Authorization": f"Bearer {token}", **headers},
    )
