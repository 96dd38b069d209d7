"""``python -m extrap_segmented``: same as ``extrap-segmented --version``."""


def _main() -> int:
    from extrap_segmented.adapters.cli import main
    return main()


if __name__ == "__main__":
    raise SystemExit(_main())
