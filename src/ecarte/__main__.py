from ecarte.cli import main

raise SystemExit(main())
