from .server.client import main

raise SystemExit(main())
