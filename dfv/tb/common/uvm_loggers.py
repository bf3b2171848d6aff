"""One logger per component path, not per component object, for every pyuvm object of the testbenches.

pyuvm names each object's logger `<full name><id(object)>` (`uvm_object.get_initial_logger_name`), so every
component of every test adds a logger to Python's logging registry for the life of the process, and each
one's `setLevel` clears the cache of every logger registered so far. With every seed of a build in one
simulator process (`dfv.tb.common.variants`), the component set-up of a test grew with the tests before it:
about a quarter of a regression process's Python time went to it. Named by their full path, the
components of one role in successive tests share a logger (they are configured alike), and the registry
stays the size of one test's hierarchy. pyuvm documents this method as the one to override for that.
"""

from __future__ import annotations

from pyuvm import uvm_object


def _logger_name(self: uvm_object) -> str:
    return self.get_full_name()


uvm_object.get_initial_logger_name = _logger_name
