from django.contrib import admin

from series.models import Series, SeriesEvent


class SeriesEventInline(admin.TabularInline):
    model = SeriesEvent
    extra = 0
    raw_id_fields = ["tournament"]


@admin.register(Series)
class SeriesAdmin(admin.ModelAdmin):
    list_display = ["name", "kind", "club", "ranking", "is_public"]
    list_filter = ["kind", "ranking", "is_public"]
    search_fields = ["name", "slug"]
    prepopulated_fields = {"slug": ["name"]}
    autocomplete_fields = ["club"]
    inlines = [SeriesEventInline]
