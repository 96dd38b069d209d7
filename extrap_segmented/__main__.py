from extrap_segmented.adapters.cli import main

raise SystemExit(main())
