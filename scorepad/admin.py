from django.contrib import admin

from scorepad.models import PadDeal, PadGame, PadPlayer


class PadPlayerInline(admin.TabularInline):
    model = PadPlayer
    extra = 0
    raw_id_fields = ["player"]


@admin.register(PadGame)
class PadGameAdmin(admin.ModelAdmin):
    list_display = ["pk", "variant", "club", "created_by", "created_at", "finished_at"]
    list_filter = ["variant"]
    raw_id_fields = ["club"]
    inlines = [PadPlayerInline]


@admin.register(PadDeal)
class PadDealAdmin(admin.ModelAdmin):
    list_display = ["game", "number", "scores", "by", "at"]
    raw_id_fields = ["game"]
