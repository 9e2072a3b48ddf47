"""Name the two ways a service refuses: invalid input (422) and a state conflict (409).

Every service error is a ``ValidationError`` (forms show it next to its field), with
the HTTP status a view answers it with; views never guess the status from a code.
"""

from django.core.exceptions import ValidationError


class ServiceError(ValidationError):
    """A user-facing refusal: a translated message, a stable code and its field."""

    status = 422

    def __init__(
        self, message: str, *, code: str = "invalid", field: str = "__all__", **extra
    ) -> None:
        super().__init__(message, code=code)
        self.field = field
        for name, value in extra.items():
            setattr(self, name, value)

    def __str__(self) -> str:
        return str(self.message)


class InvalidInput(ServiceError):
    """What was typed or sent cannot be right (422 Unprocessable Content)."""

    status = 422


class StateConflict(ServiceError):
    """The request is fine but the thing is not in a state that allows it (409)."""

    status = 409
