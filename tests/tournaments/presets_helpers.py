"""What the presets' tests share: the presets by code and the new-tournament page."""

from tournaments import presets

PRESETS = {preset.code: preset for preset in presets.PRESETS}
CREATE = "tournaments:tournament_create"
