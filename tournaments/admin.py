from django.contrib import admin

from tournaments.models import (
    Bye,
    Entry,
    Game,
    Phase,
    Round,
    RoundLog,
    Seat,
    Table,
    Tournament,
)


class PhaseInline(admin.TabularInline):
    model = Phase
    extra = 0


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ["name", "date", "venue", "format"]
    search_fields = ["name", "venue"]
    prepopulated_fields = {"slug": ["name"]}
    filter_horizontal = ["directors"]
    inlines = [PhaseInline]


@admin.register(Phase)
class PhaseAdmin(admin.ModelAdmin):
    list_display = ["name", "tournament", "order", "rounds", "draw_method"]
    list_filter = ["tournament"]


@admin.register(Entry)
class EntryAdmin(admin.ModelAdmin):
    list_display = ["__str__", "tournament", "status"]
    list_filter = ["tournament", "status"]
    raw_id_fields = ["player", "team"]


class TableInline(admin.TabularInline):
    model = Table
    extra = 0


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ["__str__", "tournament", "phase", "status"]
    list_filter = ["tournament", "status"]


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ["__str__", "round"]
    list_filter = ["round__tournament"]


@admin.register(Seat)
class SeatAdmin(admin.ModelAdmin):
    list_display = ["table", "position", "entry"]
    raw_id_fields = ["entry", "table", "round"]


@admin.register(Bye)
class ByeAdmin(admin.ModelAdmin):
    list_display = ["round", "entry"]
    raw_id_fields = ["entry"]


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ["__str__", "table", "side_a", "side_b", "score_a", "score_b"]
    raw_id_fields = ["table"]


@admin.register(RoundLog)
class RoundLogAdmin(admin.ModelAdmin):
    list_display = ["round", "action", "by", "at"]
