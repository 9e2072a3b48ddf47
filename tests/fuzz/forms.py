"""Read the forms a page offers (html.parser): their action, method and fields."""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser


@dataclass
class FormSpec:
    """One form as a browser would submit it untouched."""

    action: str  # "" means the page's own address
    method: str
    fields: list[tuple[str, str]] = field(default_factory=list)  # name, value
    choices: dict[str, list[str]] = field(default_factory=dict)  # select options
    files: list[str] = field(default_factory=list)  # file inputs' names
    form_id: str = ""

    @property
    def names(self) -> list[str]:
        seen: list[str] = []
        for name, _value in self.fields:
            if name not in seen:
                seen.append(name)
        return seen


class _FormParser(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.forms: list[FormSpec] = []
        self._current: FormSpec | None = None
        self._by_id: dict[str, FormSpec] = {}
        self._select: tuple[FormSpec, str] | None = None
        self._select_first: str | None = None
        self._select_chosen: str | None = None
        self._textarea: tuple[FormSpec, str] | None = None
        self._text: list[str] = []

    def _target(self, attrs: dict) -> FormSpec | None:
        owner = attrs.get("form")
        if owner:
            # A control may come before its form (form="id"): hold its fields in a
            # placeholder that the form adopts when it appears.
            if owner not in self._by_id:
                self._by_id[owner] = FormSpec(action="", method="", form_id=owner)
            return self._by_id[owner]
        return self._current

    def handle_starttag(self, tag, attrs_list):
        attrs = {k: (v if v is not None else "") for k, v in attrs_list}
        if tag == "form":
            method = (attrs.get("method") or "get").lower()
            action = attrs.get("action") or attrs.get("hx-post") or ""
            if attrs.get("hx-post"):
                method = "post"
            form_id = attrs.get("id", "")
            spec = self._by_id.get(form_id) if form_id else None
            if spec is None:
                spec = FormSpec(action=action, method=method, form_id=form_id)
            else:
                spec.action, spec.method = action, method
            self.forms.append(spec)
            self._current = spec
            if form_id:
                self._by_id[form_id] = spec
            return
        name = attrs.get("name")
        if tag in ("input", "button", "select", "textarea") and name:
            target = self._target(attrs)
            if target is None:
                return
            if tag == "input":
                kind = attrs.get("type", "text").lower()
                if kind in ("checkbox", "radio"):
                    target.choices.setdefault(name, []).append(attrs.get("value", "on"))
                    if "checked" not in attrs:
                        return
                if kind == "file":
                    target.files.append(name)
                    return
                target.fields.append((name, attrs.get("value", "")))
            elif tag == "button":
                target.fields.append((name, attrs.get("value", "")))
            elif tag == "select":
                self._select = (target, name)
                self._select_first = None
                self._select_chosen = None
            elif tag == "textarea":
                self._textarea = (target, name)
                self._text = []
        elif tag == "option" and self._select is not None:
            value = attrs.get("value", "")
            spec, sname = self._select
            spec.choices.setdefault(sname, []).append(value)
            if self._select_first is None:
                self._select_first = value
            if "selected" in attrs:
                self._select_chosen = value

    def handle_data(self, data):
        if self._textarea is not None:
            self._text.append(data)

    def handle_endtag(self, tag):
        if tag == "form":
            self._current = None
        elif tag == "select" and self._select is not None:
            spec, name = self._select
            chosen = self._select_chosen
            if chosen is None:
                chosen = self._select_first or ""
            spec.fields.append((name, chosen))
            self._select = None
        elif tag == "textarea" and self._textarea is not None:
            spec, name = self._textarea
            spec.fields.append((name, "".join(self._text)))
            self._textarea = None


def page_forms(html: str) -> list[FormSpec]:
    """Return every form of a page, fields in document order."""
    parser = _FormParser()
    parser.feed(html)
    parser.close()
    return parser.forms


class _LinkParser(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.links: list[str] = []

    def handle_starttag(self, tag, attrs_list):
        for key, value in attrs_list:
            if key in ("href", "hx-get", "src", "data-url") and value:
                self.links.append(value)


def page_links(html: str) -> list[str]:
    """Return the addresses a page links to (href, hx-get, src)."""
    parser = _LinkParser()
    parser.feed(html)
    parser.close()
    return parser.links
