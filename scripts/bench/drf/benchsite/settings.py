"""
The DRF anchor of the API benchmark: a plain Django REST Framework project as
its documentation would have one write it (ModelSerializer, generic views,
token authentication, persistent database connections), serving the same
event fields on the same PostgreSQL cluster as the product. Everything comes
from the environment the benchmark sets; nothing here is for production.
"""
import os
from urllib.parse import parse_qs, urlparse

_db = urlparse(os.environ["DRF_DATABASE_URL"])
# ?host=/dir: the server's Unix socket directory (BENCH_PG_CONNECT=socket), as for the product.
_socket_dir = parse_qs(_db.query).get("host", [None])[0]

SECRET_KEY = "benchmark-only-not-a-secret"
DEBUG = False
ALLOWED_HOSTS = ["*"]
USE_TZ = True
ROOT_URLCONF = "benchsite.urls"
WSGI_APPLICATION = "benchsite.wsgi.application"
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
MEDIA_ROOT = os.environ.get("DRF_MEDIA_ROOT", "/tmp/drf-bench-media")

INSTALLED_APPS = [
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "rest_framework",
    "rest_framework.authtoken",
    "events",
]

# startproject's defaults, less what needs the admin and templates.
MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

DATABASES = {
    "default": {
        "ENGINE": "django.db.backends.postgresql",
        "NAME": _db.path.lstrip("/"),
        "USER": _db.username or "postgres",
        "PASSWORD": _db.password or "",
        "HOST": _socket_dir or _db.hostname,
        "PORT": _db.port or 5432,
        # Persistent connections: one per gunicorn worker, kept for its life.
        "CONN_MAX_AGE": None,
    }
}

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": ["rest_framework.authentication.TokenAuthentication"],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
}

# Errors to stderr (the benchmark shows them when the server fails to answer).
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"stderr": {"class": "logging.StreamHandler"}},
    "loggers": {"django.request": {"handlers": ["stderr"], "level": "ERROR"}},
}
