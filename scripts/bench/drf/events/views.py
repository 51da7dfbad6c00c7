from django.db.models import F
from rest_framework import generics
from rest_framework.exceptions import APIException

from .models import Event
from .serializers import EventSerializer


class PreconditionFailed(APIException):
    status_code = 412
    default_detail = "This event was changed elsewhere."


class OwnEvents:
    serializer_class = EventSerializer

    def get_queryset(self):
        return Event.objects.filter(user=self.request.user).order_by("start_date", "id")


class EventList(OwnEvents, generics.ListAPIView):
    pass


class EventCreate(OwnEvents, generics.CreateAPIView):
    def perform_create(self, serializer):
        serializer.save(user=self.request.user)


class EventUpdate(OwnEvents, generics.UpdateAPIView):
    """PUT with the product's meaning: the fields sent change, the others stay (the
    dashboard's editor sends the changed fields; the full form sends them all). A
    stale If-Match is refused like the product does (412)."""

    def put(self, request, *args, **kwargs):
        return self.partial_update(request, *args, **kwargs)

    def perform_update(self, serializer):
        expected = self.request.headers.get("If-Match", "").strip('W/"')
        if expected and expected != str(serializer.instance.version):
            raise PreconditionFailed()
        serializer.save(version=F("version") + 1)
        serializer.instance.refresh_from_db(fields=["version"])
