from django.contrib import admin

from clubs.models import Club, Player, Team


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ["name", "short_name", "city"]
    search_fields = ["name", "short_name", "city"]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["last_name", "first_name", "club", "member_number"]
    list_filter = ["club"]
    search_fields = ["first_name", "last_name", "member_number"]
    autocomplete_fields = ["club"]


@admin.register(Team)
class TeamAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "player_one", "player_two"]
    search_fields = ["name"]
    autocomplete_fields = ["club", "player_one", "player_two"]
