"""A worker process of a build that ends with it, whatever ends the build."""
from __future__ import annotations

import os
import signal
import threading
import time

from ..errors import STOP_SIGNALS

# How often a worker checks that the build that started it is still there.
PARENT_CHECK_SECONDS = 0.5


def end_with_parent() -> None:
    """In a forked worker: SIGTERM and SIGHUP end it (it inherited the CLI's handlers,
    which raise KeyboardInterrupt, and a process pool would take that for a failed task
    and keep the worker); and it ends itself once its parent is gone (killed with -9, or
    left at once after Ctrl-C) instead of waiting forever for work, holding the
    terminal's output open. Polling works everywhere (PR_SET_PDEATHSIG is Linux's, and
    follows the thread that forked, not the process)."""
    for signum in STOP_SIGNALS:
        # Ctrl-C stays as it was; nohup's SIGHUP stays ignored
        if signum != signal.SIGINT and signal.getsignal(signum) != signal.SIG_IGN:
            signal.signal(signum, signal.SIG_DFL)
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK_SECONDS)
        os._exit(1)
    threading.Thread(target=watch, name="watch-parent", daemon=True).start()
