"""Reading the package's TOML input files (cluster rules, expectations) with uniform errors."""
import sys
from pathlib import Path

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib


def read_toml(path, error_class, description: str) -> dict:
    """Parses a TOML file.

    Args:
        path: the file.
        error_class: exception raised on failure (a subclass of the caller's error family).
        description: what the file is, for the message ("cluster rules file").

    Raises:
        error_class: the file does not exist or is not valid TOML; the message names the file.
    """
    path = Path(path)
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except FileNotFoundError:
        raise error_class(f"{description} {str(path)!r} does not exist") from None
    except IsADirectoryError:
        raise error_class(f"{description} {str(path)!r} is a directory, not a TOML file") from None
    except OSError as error:
        raise error_class(f"{description} {str(path)!r} cannot be read: {error.strerror or error}") from None
    except UnicodeDecodeError as error:
        raise error_class(f"{path}: not valid TOML: not UTF-8 text (byte {error.start})") from None
    except tomllib.TOMLDecodeError as error:
        raise error_class(f"{path}: not valid TOML: {error}") from None
