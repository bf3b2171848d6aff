"""The extmemory scoreboard's timing rule for store done tokens (`dfv.tb.memory.extmemory.queued_offers`):
`st_done[i]` is a two-deep queue in the RTL, so a token waits behind its port's previous one."""

from __future__ import annotations

from dfv.tb.memory.extmemory import queued_offers


def test_a_token_is_offered_with_its_request_when_the_queue_is_free():
    # every token taken before the next request appears: each offered the cycle its request does
    assert queued_offers([3, 5, 9], [3, 6, 9]) == [3, 5, 9]


def test_a_token_behind_a_waiting_one_comes_the_cycle_after_it_is_taken():
    # token 0 waits until cycle 8; token 1 (requested in cycle 4) is offered in cycle 9, token 2 (requested
    # in cycle 6) the cycle after token 1 is taken (10)
    assert queued_offers([2, 4, 6], [8, 10, 11]) == [2, 9, 11]


def test_nothing_is_expected_behind_a_token_never_taken():
    # token 1 is never taken (the run ended with it offered): token 2 waits in the queue unseen
    assert queued_offers([2, 3, 4], [2]) == [2, 3]
    assert queued_offers([], []) == []
