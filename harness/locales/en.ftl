# The play page, its review and its replay in English: every word they show a person.
# One catalog per language, in Project Fluent's syntax (projectfluent.org): the
# server reads it with the fluent-bundle crate, the page with @fluent/bundle. A new
# language is a new file beside this one, named by its tag (ko.ftl), with the same keys.
# The game's words are the statement's: the categories (ONE … YACHT), the bundles A and B,
# FIRST and SECOND, and the protocol's lines (BID A 3000, PUT CHOICE 12345) stay as the
# official format writes them.

language-name = English
app-title = Yacht Auction

## The page's frame

nav-hints = Hints
nav-new-game = New game
nav-language = Language

## The menu

menu-title = Choose an opponent
menu-opponents = Opponent
menu-seat = Your seat
seat-random = random
seat-first = first
seat-second = second
menu-start = Start
menu-ratings = Ratings are Elo from a league of the eight levels and the ten sample AIs,
    sample AI 6 at 0.
opponent-elo = Elo { NUMBER($elo, maximumFractionDigits: 0) }
opponent-level = Bot, level { $level }
opponent-level-max = Bot, level { $level } (full strength)
opponent-level-ladder-1 = Bot, level { $level } of the first ladder (five levels)
opponent-sample = Sample AI { $n }
opponent-program-about = a program named on the server's command line
level-about-1 = greedy scoring, and pays all a bundle is worth to it (the beginner's overbid)
level-about-2 = the table's scoring and the equilibrium bid, judged very roughly (its values seen with noise of 10,000 points)
level-about-3 = the table's scoring and the equilibrium bid, judged roughly (noise of 7,500 points)
level-about-4 = the table's scoring and the equilibrium bid, judged with noise of 5,600 points
level-about-5 = the table's scoring and the equilibrium bid, judged with noise of 4,150 points
level-about-6 = the table's scoring and the equilibrium bid, judged with noise of 2,650 points
level-about-7 = the table's scoring and the equilibrium bid, judged closely (noise of 1,150 points); no opponent model, no win search
level-about-8 = the bot: the exact table, the opponent model and the win search
sample-about-1 = bids and scores as the official example code
sample-about-2 = bids the pip-sum difference × 1000 on the higher sum; scores the most points now
sample-about-3 = a random group for 0; scores the most points now
sample-about-4 = a random group for 0; fills the hard categories first
sample-about-5 = a random group for 0; fills ONE to SIX first
sample-about-6 = bids defensively on the better bundle; fills ONE to SIX first
sample-about-7 = bids aggressively on the better bundle; fills ONE to SIX first
sample-about-8 = a random group for 0; fills the combinations first
sample-about-9 = bids defensively on the better bundle; fills the combinations first
sample-about-10 = bids aggressively on the better bundle; fills the combinations first

## A log the person opens

import-title = Review a game's log, or a whole match
import-help = An official log (the testing tool's, or <code>harness … --logs</code>): choose its
    file, or drop it anywhere on this page. It is kept with the games here. Several logs at
    once (a match's <code>--logs</code> folder) are reviewed together: where each player loses.
import-choose = Choose log files
import-file = a game's log file
import-too-large = { $name } is { NUMBER($size) } KiB, larger than { NUMBER($limit) } KiB: a game's log is a few KB.
import-cannot-open = Cannot open { $name }: { $error }
log-name-default = a log
match-files = { NUMBER($count) } files opened
match-reading = Reading { NUMBER($count) } files…
match-reviewing = Reviewing: { NUMBER($done) } of { NUMBER($total) } files
match-cannot-review = Cannot review these files: { $error }
match-back = Back to the menu

## A game

auction-title = Auction
auction-you-hold = You hold
auction-opponent-holds = the opponent holds
auction-nothing-yet = nothing yet
bid-bundle = Bundle
bid-amount = Amount (0–100,000)
bid-button = Bid
scoring-title = Score five dice
scoring-help = Pick 5 of your dice, then a category.
scoring-bonus = { $points } + { $bonus } bonus
waiting = The opponent is thinking…
sheet-you = You
sheet-opponent = Opponent
sheet-upper = upper (63,000)
sheet-bonus = bonus
sheet-bids = bids
sheet-total = total
history = Rounds so far
rounds-round = round
rounds-your-bid = your bid
rounds-their-bid = their bid
rounds-you-got = you got
rounds-you-scored = you scored
rounds-they-scored = they scored
rounds-first-bid = FIRST's bid
rounds-second-bid = SECOND's bid
rounds-first-got = FIRST got
rounds-first-scored = FIRST scored
rounds-second-scored = SECOND scored
last-title = Round { $round } auction
last-bids = You asked { $mine }, the opponent { $theirs }: you got { $got }, the opponent { $other }.
last-points = Bid scores: you { $mine }, the opponent { $theirs }.
the-opponent = the opponent

## The status line

status-unreachable = Cannot reach the server ({ $error }); retrying…
status-log = Opened log { $name }: { $first } against { $second }
status-log-reading = Opened log { $name }: { $first } against { $second }; reading it…
status-log-error = Opened log { $name }: { $first } against { $second }. It cannot be read: { $error }
status-seat-player = { $seat } ({ $player })
status-stopped = The game stopped: { $error }
status-resuming = Resuming the game where it was…
# $seat: first or second.
status-over = Game over — you sit { $seat ->
        [first] first
       *[second] second
    } against { $opponent }
status-bid = Round { $round } of 13: your bid (you sit { $seat ->
        [first] first
       *[second] second
    } against { $opponent })
status-put = Round { $round } of 13: score five dice (you sit { $seat ->
        [first] first
       *[second] second
    } against { $opponent })
status-waiting = Round { $round } of 13: waiting for { $opponent }

## The end of a game

verdict-win = You won
verdict-loss = You lost
verdict-draw = A draw
verdict-first = FIRST won
verdict-second = SECOND won
final-person = Final scores: you { $mine }, { $opponent } { $theirs }.
final-person-abort = Final scores: you { $mine }, { $opponent } { $theirs } ({ $abort }).
final-log = Final scores: FIRST { $first }, SECOND { $second }.
final-log-abort = Final scores: FIRST { $first }, SECOND { $second } ({ $abort }).
replay-link-game = Replay: why the bot did what it did
replay-link-log = Replay: round by round, FIRST's side against the table
log-link = official log
again = Play again
review-title-person = The review: your decisions and the dice
review-title-log = The review: both sides' decisions and the dice
review-reviewing = Reviewing the game…
review-progress = Reviewing the game: { $done } of about { $total } decisions judged…
review-none = No review: { $error }

## Hints

hint-thinking = The bot is thinking about your move…
hint-advice = In your seat the bot would play { $advice }; it gives you P(win) { NUMBER($p, minimumFractionDigits: 2, maximumFractionDigits: 2) }.
hint-none = No hint: { $error }

## How to play

how-title = How to play
how-auction = Two players, 13 rounds. Each of rounds 1–12 starts with an <b>auction</b>: two
    bundles of five dice, A and B, are rolled, and each player secretly asks for one of them
    with an amount from 0 to 100,000.
how-different = Asking for different bundles: each gets its own, and <b>pays</b> its amount.
how-same = Asking for the same bundle: the higher amount gets it and pays; the other gets the
    other bundle and <b>earns</b> its own amount. Equal amounts: a coin decides.
how-scoring = From round 2 on, each player then <b>scores</b>: it picks 5 of the dice it holds
    (10 after an auction) and a category it has not used; the 5 dice it does not pick stay
    for the next round. Round 13 has no auction: the last 5 dice are scored.
how-upper = the dice showing that face, summed (×1000)
how-choice = the sum of the five dice (×1000)
how-four = the sum, if four or more are alike
how-full = the sum, for three and two alike (or five alike)
how-small = 15,000 for four in a row
how-large = 30,000 for five in a row
how-yacht = 50,000 for five alike
how-bonus = ONE to SIX worth 63,000 or more together earn a 35,000 bonus. The total is the
    categories, the bonus and what the auctions paid or earned; the higher total wins.

## The review (drawn by review.js)

# $person: yes when the side is the reader's own ("you"), no for a seat named $me.
review-summary-cost = { $person ->
        [yes] Your
       *[no] { $me }'s
    } dice were worth { $luck } of a win; { $person ->
        [yes] your
       *[no] { $me }'s
    } decisions cost { $cost } of a win, { $them }'s { $theirs } (each decision's loss of win
    probability where it was made, added up: the sum can pass 1).
# $result: won, drew or lost.
review-summary-result = { $person ->
        [yes] You
       *[no] { $me }
    } { $result ->
        [won] won
        [drew] drew
       *[lost] lost
    }; with the dice's luck taken out, { $person ->
        [yes] your
       *[no] { $me }'s
    } play was worth { $worth }.
review-summary-level = { $person ->
        [yes] You
       *[no] { $me }
    } played like level { $level }.
worth-win-more = a win and { $amount } more
worth-win = a win
worth-half = half a win
worth-part = { $amount } of a win
worth-loss = a loss
worth-loss-less = a loss and { $amount } less
result-won = won
result-drew = drew
result-lost = lost
review-col-accuracy = accuracy
review-col-error = error a decision
review-col-error-tip = win probability given up a decision, each weighted by how open the game
    was when it was made: a decided game's decisions count for little
review-col-points = points a decision
review-col-points-tip = expected points given up a decision, against the best by expected score:
    the level you played like is read from it
review-col-luck = luck
review-col-result = result
review-col-adjusted = luck taken out
review-chart-label = { $person ->
        [yes] Your
       *[no] { $me }'s
    } chance to win round by round
review-chart-end = end
review-chart-luck = round { $round }: the { $kind ->
        [roll] roll
        [draw] bid drawn at random
       *[coin] coin
    } { $luck } of a win for { $person ->
        [yes] you
       *[no] { $me }
    }
review-chart-mark = round { $round }: { $played } cost { $cost }
review-chart-caption = { $person ->
        [yes] Your
       *[no] { $me }'s
    } chance to win at the start of each round (the table's expectation). Dots: the dice's
    luck for { $person ->
        [yes] you
       *[no] { $me }
    } (green good, red bad); marks: { $person ->
        [yes] your
       *[no] { $me }'s
    } decisions that cost (?! inaccuracy, ? mistake, ?? blunder).
review-costliest = { $person ->
        [yes] Your
       *[no] { $me }'s
    } three costliest decisions
review-costly-none = None of { $person ->
        [yes] your
       *[no] { $me }'s
    } decisions cost anything measurable: well played.
# $position: the dice of the position, drawn where it stands.
review-costly = Round { $round }, { $person ->
        [yes] your
       *[no] { $me }'s
    } { $kind ->
        [bid] bid
       *[put] scoring
    } with { $position }: { $person ->
        [yes] you
       *[no] { $me }
    } played { $played }, better was { $best } ({ $cost } of a win{ $points ->
        [none] {""}
       *[other] , { $points } expected points
    }{ $hindsight ->
        [none] {""}
       *[other] ; against the bid that came, { $hindsight }
    }).
review-judging = A bid is judged against what could be known when it was made: the opponent
    as its bids so far showed it (what it could not explain yet counted at its worst for the
    bidder); its cost against the bid that came is shown apart. A scoring is judged by the
    chance to win after it, every alternative on the same future dice.
review-every = Every decision
review-col-round = round
review-col-cost = cost
review-col-played = played
review-col-better = better
review-col-position = position
mark-inaccuracy = inaccuracy
mark-mistake = mistake
mark-blunder = blunder
review-warnings = What the log shows that the rules do not explain
review-seen-from = Seen from
review-page-title = Yacht Auction review: { $name }
review-page-heading = The review: both sides' decisions and the dice
review-page-noscript = The review is drawn by the page's script.

## Why a decision's best is better (the review's reasons)

why-bid = { $favoured } was worth { NUMBER($swing, maximumFractionDigits: 0) } points more to
    the bidder and its opponent together (the swing); the equilibrium bid is a quarter of it{ $known ->
        [yes] ; the opponent was expected to ask A with probability { NUMBER($pA, minimumFractionDigits: 2, maximumFractionDigits: 2) }, for about { NUMBER($mean, maximumFractionDigits: 0) }
       *[no] ; nothing was known of the opponent yet, so the best bid is the one no reply can exploit
    }{ $gave ->
        [yes] ; { $played } instead of { $best } gave up { NUMBER($lost, minimumFractionDigits: 1, maximumFractionDigits: 1) }% of a win
       *[no] {""}
    }
why-put-best = the best scoring: { NUMBER($win, minimumFractionDigits: 1, maximumFractionDigits: 1) }% to win after it
why-put = { $best } scores { NUMBER($bestPoints) } now and leaves { NUMBER($bestWin, minimumFractionDigits: 1, maximumFractionDigits: 1) }% to win; { $played } scores { NUMBER($playedPoints) } now and leaves { NUMBER($playedWin, minimumFractionDigits: 1, maximumFractionDigits: 1) }% (the table values them { NUMBER($apart, maximumFractionDigits: 0) } points apart)

## What a log shows that the rules do not explain

warn-both-got = round { $round }: both players got { $group }
warn-get-bids = round { $round }: GET { $first } / { $second } does not follow from the bids
warn-final-score = SCORE{ $side } { $logged } but the replay gives { $replayed }

## A file that is not a whole game's log (the page's refusal)

log-refused = This file is not a whole game's official log: { $reason }
log-line = line { $line }: { $reason }: { $text }
log-aborted-early = the game was aborted before its first round ({ $side } { $abort }): nothing was played
log-no-round = it has no ROUND line: not a game's log
log-breaks-rules = its moves break the rules: round { $round }: { $reason }
log-put-not-applied = PUT { $side } { $category } { $dice } cannot be applied ({ $why ->
        [used] the category is used
       *[held] the dice are not held
    })
log-no-legal-scoring = { $side } has no legal scoring, yet the log shows one
log-put-illegal = PUT { $side } { $category } { $dice } is illegal
log-cut-short = it stops in round { $round } of 13, with neither FINISH nor ABORT: the file is cut short
log-round-lacks = round { $round } lacks { $what ->
        [ROLL] ROLL
        [BID] a BID
        [GET] a GET
       *[PUT] a PUT
    }
log-no-finish = it has no FINISH and final scores: the file is cut short
log-event-before-round = event before the first ROUND line
log-second = second { $what } in the same round
log-second-player = second { $what } for this player in the same round
log-bad-dice = bad dice { $token } (five digits 1-6)
log-bad-group = bad group { $token }
log-bad-player = bad player { $token } (FIRST or SECOND)
log-bad-score = bad score { $token }
log-bad-round = bad round number { $token } (1..=13)
log-round-order = ROUND { $number } where ROUND { $expected } was expected
log-roll-late = ROLL in round { $round }
log-bad-amount = bad bid amount { $token } (0..=100000)
log-unknown-rule = unknown rule { $token }
log-put-round-1 = PUT in round 1
log-not-a-line = not a log line
log-tag-form = a tag must be [KEY "value"]
log-tag-quoted = a tag's value must be quoted

## The server's refusals of a move or a request

err-server = the server failed: { $detail }
err-no-game = no such game
err-no-page = no such page
err-no-opponent = no such opponent
err-opponent-key = opponent: a key from /api/opponents
err-seat = seat: first, second or random
err-body-object = the body must be a JSON object
err-body-json = the body is not JSON: { $detail }
err-turn-number = turn: a whole number is needed
err-log-text = log: the text of an official game log
err-log-too-large = This file is larger than { NUMBER($limit) } KiB: a game's log is a few KB.
err-group = choose bundle A or B
err-amount = the amount is a whole number from 0 to { NUMBER($max) }
err-five-dice = choose exactly five of your dice
err-category = choose one of the twelve categories
err-not-held = you do not hold { $dice }
err-category-used = { $category } is already used
err-no-move-due = no move is due from you now
err-stale-turn = this move answers turn { $turn }, but the game is at turn { $current }: reload
err-bid-due = a bid is due, not a scoring
err-put-due = a scoring is due, not a bid
err-starting = the game is starting
err-game-stopped = the game has stopped
err-review-gone = the review file is gone
err-review-stopped = the game stopped before its end
err-review-not-over = the game is not over
err-no-replay = no replay (yet) for this game
err-no-log = no log for this game
err-no-match = no such match review (the server keeps the last 16)
err-match-logs = logs: a list of at least one object with a name and a log
err-match-too-many = { NUMBER($count) } logs: at most { NUMBER($limit) } are reviewed at once
err-match-failed = no review: { $reason }

## The replay page (the person's side round by round, the bot's view of its bids)

replay-title = Yacht Auction replay
replay-result = result
replay-final-scores = final scores
replay-abort = abort
replay-abort-value = { $side } { $reason } in round { $round }
replay-reviewed-side = reviewed side
replay-legend = values: score + bonus + expected rest of the game (kilo-points); lost and
    scores in judge points; eq = the table's equilibrium bid |S|/4 (--rerun shows the bot's
    own); * = differs from eq, or a scoring below the table's best
replay-col-round = round
replay-col-roll = roll
replay-col-bid = bid
replay-col-eq = eq bid
replay-col-opp = opp bid
replay-col-got = got
replay-col-swing = swing
replay-col-put = put
replay-col-value = value
replay-col-best = best
replay-col-lost = lost
replay-col-win = P(win)
replay-summary = summary: { $best }/{ $puts } scorings best by the table ({ $lost } points lost), { $equilibrium }/{ $bids } bids equal to the equilibrium bid
replay-warning = warning: { $text }
replay-chart-win = { $side }: P(win) by round, as the bot estimates it
replay-chart-point = round { $round }: { $p }
explain-title = Why the bot bid what it did
explain-legend = Its bid; the safe bid its limits hold it to (the equilibrium, or the maximin on
    win curves); the model's best answer in points; whether the bid was priced in points or in
    win probability; the swing S; how likely the model thought the opponent would ask for the
    safe bid's group, and for what amounts (p10/p50/p90); what the opponent bid.
explain-col-round = round
explain-col-bid = bot's bid
explain-col-safe = safe
explain-col-model = model
explain-col-priced = priced
explain-col-swing = swing
explain-col-group = P(group)
explain-col-amount = amount p10/p50/p90
explain-col-opponent = opponent's bid
explain-col-weights = model's weights
explain-priced-win = win
explain-priced-points = points
explain-unexplained = unexplained
explain-reader = reader
explain-no-model = no model at this level

## The review of a match (`harness replay DIR --review`, the play page's several logs)

match-page-title = Yacht Auction match review: { $name }
match-page-heading = The review of a match: where each player loses
match-page-noscript = The review is drawn by the page's script.
match-summary = { $games ->
        [one] { $games } game
       *[other] { $games } games
    } reviewed, { $one } against { $other }{ $skipped ->
        [0] .
        [one] ; { $skipped } file not reviewed (below).
       *[other] ; { $skipped } files not reviewed (below).
    }
match-findings = Read first
match-findings-none = No part of either player's play costs it half a point of score in a hundred games more than the same part of the other's.
match-finding = { $player }: { $what } gave up { $cost } of a win a decision ({ $other }: { $other_cost }), { $per_game } points of score a game more, over { $decisions } decisions
match-part = { $part ->
        [bids-round] the bids of round { $round }
        [puts-round] the scorings of round { $round }
        [overpaid] the bids above the best amount
        [underpaid] the bids below the best amount
        [wrong-group] the bids on the other group
       *[category] the scorings in { $category }
    }
match-col-player = player
match-col-games = games
match-col-score = score
match-col-luck = luck a game
match-col-adjusted = luck taken out
match-col-error = error a decision
match-col-bids = bids
match-col-puts = scorings
match-col-accuracy = accuracy
match-col-marks = ?! / ? / ?? a game
match-col-bonus = upper bonus
match-col-decisions = decisions
match-col-cost = a decision
match-col-round = round
match-by-round = Error a decision, round by round
match-by-round-caption = Win probability a decision gave up, each round's bids and scorings apart, both players on the same games.
match-habit = The bids against the best bid
match-habit-overpaid = above the best amount
match-habit-underpaid = below the best amount
match-habit-wrong = on the other group
match-habit-best = the best bid
match-categories = The scorings, by the category played
match-costliest = The costliest decisions of { $player }
match-costly = Round { $round } ({ $file }): { $played } where { $best } was better, { $cost } of a win
match-costly-also = { $file } and { $also }, the same position
match-costly-link = the game's review
match-skipped = Files not reviewed
match-skip-not-text = not text
match-skip-unreadable = cannot be read: { $error }
match-skip-not-log = not a game's official log: { $reason }
match-skip-not-whole = not a whole game's log: { $reason }
match-skip-not-replayed = the rules cannot replay it: { $reason }
match-skip-other-players = a game between { $first } and { $second }, not the match's { $one } and { $other }
match-skip-deal = a deal's input file (its dice), not a log
match-skipped-many = { $count } files: { $reason } ({ $files }, …)
