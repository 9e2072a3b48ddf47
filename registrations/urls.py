"""Route online registration (namespace "registrations"), mounted at the site's root.

The public form and the registrant's own page (by signed token) under /t/<slug>/;
the director's lists under /director/t/<slug>/registrations/.
"""

from django.urls import path

from registrations import views, views_director

_T = "director/t/<slug:slug>/registrations/"

urlpatterns = [
    path("t/<slug:slug>/register/", views.register, name="register"),
    path("t/<slug:slug>/register/resend/", views.resend, name="resend"),
    path("t/<slug:slug>/register/<str:token>/", views.manage, name="manage"),
    path(_T, views_director.registrations, name="list"),
    path(_T + "export.csv", views_director.export, name="export"),
    path(_T + "pair/", views_director.pair, name="pair"),
    path(_T + "pair-remaining/", views_director.pair_remaining, name="pair_remaining"),
    path(_T + "<int:pk>/", views_director.edit, name="edit"),
    path(_T + "<int:pk>/move/", views_director.move, name="move"),
    path(_T + "<int:pk>/promote/", views_director.promote, name="promote"),
    path(_T + "<int:pk>/cancel/", views_director.cancel, name="cancel"),
]
