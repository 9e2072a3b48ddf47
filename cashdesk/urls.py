"""Route the fees and the cash desk (namespace "cashdesk"), mounted at the site's root.

The director's pages live under /director/t/<slug>/ beside the tournament's own;
an entrant's confirmation with the QR code to pay ahead under the public /t/<slug>/.
"""

from django.urls import path

from cashdesk import views, views_money

_T = "director/t/<slug:slug>/"

urlpatterns = [
    path(_T + "fees/", views.fee_settings, name="fees"),
    path(_T + "desk/", views.desk, name="desk"),
    path(_T + "desk/pay/", views.desk_pay, name="desk_pay"),
    path(_T + "desk/undo/", views.desk_undo, name="desk_undo"),
    path(_T + "desk/refund/", views.desk_refund, name="desk_refund"),
    path(_T + "payments/", views_money.payments, name="payments"),
    path(_T + "payments/figures.json", views_money.figures_json, name="figures_json"),
    path(_T + "payments/transfers/", views_money.transfers_received, name="transfers"),
    path("t/<slug:slug>/pay/<int:entry_id>/", views_money.pay_ahead, name="pay_ahead"),
]
