"""The kernel environment: a whole lowered program (generated top + RTL library) checked against the
golden DFG run and the source interpreter (`dfv.tb.kernel.env`), and its tests (`dfv.tb.kernel.tests`)."""
