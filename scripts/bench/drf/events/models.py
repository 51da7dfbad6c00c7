from django.conf import settings
from django.db import models


class Event(models.Model):
    """The product's event fields (docs/contract.md §3), as a Django model."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="events")
    version = models.IntegerField(default=1)
    title = models.CharField(max_length=200)
    bio = models.TextField(blank=True, default="")
    location_name = models.CharField(max_length=200, blank=True, default="")
    latitude = models.FloatField(null=True, blank=True)
    longitude = models.FloatField(null=True, blank=True)
    start_date = models.DateField(null=True, blank=True)
    start_time = models.TimeField(null=True, blank=True)
    end_date = models.DateField(null=True, blank=True)
    end_time = models.TimeField(null=True, blank=True)
    is_recurring = models.BooleanField(default=False)
    is_sponsored = models.BooleanField(default=False)
    event_type = models.CharField(max_length=40, null=True, blank=True)
    event_subtype = models.CharField(max_length=80, null=True, blank=True)
    keywords = models.JSONField(default=list, blank=True)
    cover_image = models.FileField(upload_to="covers/", null=True, blank=True)
    monday = models.BooleanField(default=False)
    tuesday = models.BooleanField(default=False)
    wednesday = models.BooleanField(default=False)
    thursday = models.BooleanField(default=False)
    friday = models.BooleanField(default=False)
    saturday = models.BooleanField(default=False)
    sunday = models.BooleanField(default=False)
    recurring_start_time = models.TimeField(null=True, blank=True)
    recurring_end_time = models.TimeField(null=True, blank=True)
    ticket_url = models.URLField(null=True, blank=True)
    price = models.DecimalField(max_digits=10, decimal_places=2, null=True, blank=True)
    currency = models.CharField(max_length=3, default="GBP")
    status = models.CharField(max_length=10, default="published")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        indexes = [models.Index(fields=["user", "start_date", "id"])]
