from django.contrib import admin

from scoring.models import Correction, DealRecord, ScoreSheet, TableEvent


@admin.register(ScoreSheet)
class ScoreSheetAdmin(admin.ModelAdmin):
    list_display = ["table", "status", "version", "confirmed_by", "confirmed_at"]
    list_filter = ["status"]
    raw_id_fields = ["table"]


@admin.register(DealRecord)
class DealRecordAdmin(admin.ModelAdmin):
    list_display = ["game", "copy", "number", "trump", "points_a", "points_b"]
    raw_id_fields = ["game"]


@admin.register(TableEvent)
class TableEventAdmin(admin.ModelAdmin):
    list_display = ["game", "kind", "side", "points", "by", "at"]
    raw_id_fields = ["game"]


@admin.register(Correction)
class CorrectionAdmin(admin.ModelAdmin):
    list_display = ["sheet", "by", "at", "reason"]
    raw_id_fields = ["sheet"]
