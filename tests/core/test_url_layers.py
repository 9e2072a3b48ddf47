"""No selector or service builds an address of an app above its own (issue 22 §7).

import-linter sees imports; a ``reverse("live:standings")`` inside a selector is a
dependency on the public app all the same. The URL namespaces match the apps, so
each namespace's app is read from its views' modules, and the layers from
pyproject.toml's layers contract.
"""

import ast
import tomllib
from pathlib import Path

from django.urls import URLResolver, get_resolver

ROOT = Path(__file__).resolve().parents[2]


def _layers() -> dict[str, int]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    contract = next(
        c for c in config["tool"]["importlinter"]["contracts"] if c["id"] == "layers"
    )
    height = {}
    for level, names in enumerate(reversed(contract["layers"])):
        for name in names.split("|"):
            height[name.strip()] = level
    return height


def _namespace_apps() -> dict[str, set[str]]:
    """Return each namespace's apps, from the modules of the views it routes to."""
    apps: dict[str, set[str]] = {}

    def walk(patterns, namespace):
        for p in patterns:
            if isinstance(p, URLResolver):
                walk(p.url_patterns, p.namespace or namespace)
            elif namespace:
                module = getattr(p.callback, "__module__", "") or ""
                apps.setdefault(namespace, set()).add(module.split(".")[0])

    walk(get_resolver().url_patterns, None)
    return apps


def _service_modules():
    for app in _layers():
        base = ROOT / app
        for pattern in ("services*.py", "selectors*.py"):
            yield from base.glob(pattern)
        for package in ("services", "selectors"):
            if (base / package).is_dir():
                yield from (base / package).glob("*.py")


def _reversed_names(path: Path):
    for node in ast.walk(ast.parse(path.read_text())):
        if (
            isinstance(node, ast.Call)
            and getattr(node.func, "id", getattr(node.func, "attr", ""))
            in {"reverse", "reverse_lazy"}
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            yield node.lineno, node.args[0].value


def test_the_namespaces_map_to_apps_of_the_layers():
    layers, apps = _layers(), _namespace_apps()
    for namespace in ("tournaments", "clubs", "draws", "scoring", "live", "pdf"):
        assert apps[namespace] <= set(layers), (namespace, apps[namespace])
    assert apps["draws"] == {"draws"}
    assert apps["tournaments"] == {"tournaments"}


def test_no_selector_or_service_reverses_an_address_of_an_app_above_it():
    layers, apps = _layers(), _namespace_apps()
    found = []
    checked = 0
    for path in _service_modules():
        own = path.relative_to(ROOT).parts[0]
        for line, name in _reversed_names(path):
            checked += 1
            namespace = name.split(":")[0] if ":" in name else None
            for app in apps.get(namespace, set()):
                if app != own and layers.get(app, -1) >= layers[own]:
                    found.append(f"{path.relative_to(ROOT)}:{line} {name} ({app})")
    assert checked > 0  # the walk found the reverse() calls it is meant to check
    assert found == []
