"""The product's paths for the three measured requests, so one request list serves both servers."""
from django.urls import path

from events import views

urlpatterns = [
    path("api/events/user/", views.EventList.as_view()),
    path("api/events/create/", views.EventCreate.as_view()),
    path("api/events/<int:pk>/update/", views.EventUpdate.as_view()),
]
