"""Show the action log in Django's admin, read only."""

from django.contrib import admin

from actionlog.models import ActionEntry


@admin.register(ActionEntry)
class ActionEntryAdmin(admin.ModelAdmin):
    list_display = ["at", "user_name", "action", "target_text", "tournament_id"]
    list_filter = ["action"]
    search_fields = ["user_name", "target_text"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False
