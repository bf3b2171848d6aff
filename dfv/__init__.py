"""dfv: the project's command-line tool and simulation infrastructure (build cache, regression, reports)."""
