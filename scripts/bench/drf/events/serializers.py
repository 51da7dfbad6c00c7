from rest_framework import serializers

from .models import Event


class EventSerializer(serializers.ModelSerializer):
    class Meta:
        model = Event
        exclude = ["user"]
        read_only_fields = ["id", "version", "created_at", "updated_at"]
