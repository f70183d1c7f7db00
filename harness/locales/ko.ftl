# 플레이 페이지와 그 복기, 리플레이의 한국어: en.ftl과 같은 키, 같은 인자.
# 게임의 용어는 NYPC 2025 Yacht Auction 문제 설명을 따른다: 입찰, 입찰 점수, 주사위 묶음
# A·B, 점수 획득, 점수 규칙(ONE … YACHT는 문제처럼 영어 그대로), 기본 점수 규칙, 조합 점수
# 규칙, 보너스 점수, 총점, 승리·무승부, 샘플 AI. 로그의 FIRST·SECOND와 프로토콜의 줄
# (BID A 3000, PUT CHOICE 12345)은 공식 형식 그대로 둔다.

language-name = 한국어
app-title = Yacht Auction

## The page's frame

nav-hints = 힌트
nav-new-game = 새 게임
nav-language = 언어

## The menu

menu-title = 상대를 고르세요
menu-opponents = 상대
menu-seat = 내 자리
seat-random = 무작위
seat-first = 먼저 (FIRST)
seat-second = 나중 (SECOND)
menu-start = 시작
menu-ratings = 레이팅은 여덟 레벨과 샘플 AI 열 개의 리그에서 구한 Elo이며, 샘플 AI 6이
    0입니다.
opponent-elo = Elo { NUMBER($elo, maximumFractionDigits: 0) }
opponent-level = 봇, 레벨 { $level }
opponent-level-max = 봇, 레벨 { $level } (최대 실력)
opponent-level-ladder-1 = 봇, 처음 사다리(다섯 레벨)의 레벨 { $level }
opponent-sample = 샘플 AI { $n }
opponent-program-about = 서버 명령줄에서 지정한 프로그램
level-about-1 = 눈앞의 점수만 보고 점수를 얻고, 묶음이 자신에게 주는 가치를 모두 입찰합니다 (초보자의 과잉 입찰)
level-about-2 = 표에 따른 점수 획득과 균형 입찰, 아주 거칠게 판단합니다 (가치를 10,000점의 잡음과 함께 봄)
level-about-3 = 표에 따른 점수 획득과 균형 입찰, 거칠게 판단합니다 (7,500점의 잡음)
level-about-4 = 표에 따른 점수 획득과 균형 입찰, 5,600점의 잡음으로 판단합니다
level-about-5 = 표에 따른 점수 획득과 균형 입찰, 4,150점의 잡음으로 판단합니다
level-about-6 = 표에 따른 점수 획득과 균형 입찰, 2,650점의 잡음으로 판단합니다
level-about-7 = 표에 따른 점수 획득과 균형 입찰, 꼼꼼히 판단합니다 (1,150점의 잡음); 상대 모델도 승리 탐색도 없음
level-about-8 = 봇: 정확한 표, 상대 모델과 승리 탐색
sample-about-1 = 공식 예제 코드와 같이 입찰하고 점수를 얻습니다
sample-about-2 = 합이 높은 묶음에 (두 묶음 주사위 합의 차) × 1000점을 입찰하고, 지금 가장 높은 점수를 얻습니다
sample-about-3 = 무작위 묶음에 0점을 입찰하고, 지금 가장 높은 점수를 얻습니다
sample-about-4 = 무작위 묶음에 0점을 입찰하고, 점수를 얻기 힘든 조합을 먼저 채웁니다
sample-about-5 = 무작위 묶음에 0점을 입찰하고, 기본 점수 규칙(ONE~SIX)을 먼저 채웁니다
sample-about-6 = 더 좋은 묶음에 수비적으로 입찰하고, 기본 점수 규칙(ONE~SIX)을 먼저 채웁니다
sample-about-7 = 더 좋은 묶음에 공격적으로 입찰하고, 기본 점수 규칙(ONE~SIX)을 먼저 채웁니다
sample-about-8 = 무작위 묶음에 0점을 입찰하고, 조합 점수 규칙을 먼저 채웁니다
sample-about-9 = 더 좋은 묶음에 수비적으로 입찰하고, 조합 점수 규칙을 먼저 채웁니다
sample-about-10 = 더 좋은 묶음에 공격적으로 입찰하고, 조합 점수 규칙을 먼저 채웁니다

## A log the person opens

import-title = 게임 로그나 경기 전체 복기하기
import-help = 공식 로그(테스트 도구의 로그나 <code>harness … --logs</code>의 로그): 파일을 고르거나
    이 페이지 아무 곳에나 끌어다 놓으세요. 로그는 여기 게임들과 함께 보관됩니다. 여러 로그를
    한 번에 열면(경기의 <code>--logs</code> 폴더) 함께 복기합니다: 각 선수가 어디서 지는지.
import-choose = 로그 파일 고르기
import-file = 게임 로그 파일
import-too-large = { $name }은(는) { NUMBER($size) } KiB로, { NUMBER($limit) } KiB보다 큽니다: 게임 로그는 몇 KB입니다.
import-cannot-open = { $name }을(를) 열 수 없습니다: { $error }
log-name-default = 로그
match-files = 파일 { NUMBER($count) }개
match-reading = 파일 { NUMBER($count) }개를 읽는 중…
match-reviewing = 복기 중: 파일 { NUMBER($total) }개 중 { NUMBER($done) }개
match-cannot-review = 이 파일들을 복기할 수 없습니다: { $error }
match-back = 메뉴로 돌아가기

## A game

auction-title = 입찰
auction-you-hold = 내 주사위
auction-opponent-holds = 상대의 주사위
auction-nothing-yet = 아직 없음
bid-bundle = 묶음
bid-amount = 입찰 점수 (0–100,000)
bid-button = 입찰
scoring-title = 주사위 5개로 점수 얻기
scoring-help = 가진 주사위 중 5개를 고른 다음 점수 규칙을 고르세요.
scoring-bonus = { $points } + 보너스 { $bonus }
waiting = 상대가 생각하고 있습니다…
sheet-you = 나
sheet-opponent = 상대
sheet-upper = 기본 점수 (63,000)
sheet-bonus = 보너스
sheet-bids = 입찰 점수
sheet-total = 총점
history = 지난 라운드
rounds-round = 라운드
rounds-your-bid = 내 입찰
rounds-their-bid = 상대 입찰
rounds-you-got = 내가 가져간 묶음
rounds-you-scored = 내 점수 획득
rounds-they-scored = 상대 점수 획득
rounds-first-bid = FIRST의 입찰
rounds-second-bid = SECOND의 입찰
rounds-first-got = FIRST가 가져간 묶음
rounds-first-scored = FIRST의 점수 획득
rounds-second-scored = SECOND의 점수 획득
last-title = { $round }라운드 입찰
last-bids = 나는 { $mine }, 상대는 { $theirs }을(를) 입찰했습니다: 나는 { $got }, 상대는 { $other } 묶음을 가져갔습니다.
last-points = 입찰 점수: 나 { $mine }, 상대 { $theirs }.
the-opponent = 상대

## The status line

status-unreachable = 서버에 연결할 수 없습니다 ({ $error }); 다시 시도하는 중…
status-log = 연 로그 { $name }: { $first } 대 { $second }
status-log-reading = 연 로그 { $name }: { $first } 대 { $second }; 읽는 중…
status-log-error = 연 로그 { $name }: { $first } 대 { $second }. 읽을 수 없습니다: { $error }
status-seat-player = { $seat } ({ $player })
status-stopped = 게임이 멈췄습니다: { $error }
status-resuming = 게임을 멈춘 곳에서 다시 이어 가는 중…
# $seat: first or second.
status-over = 게임 종료 — { $seat ->
        [first] 먼저 두는 자리(FIRST)
       *[second] 나중 두는 자리(SECOND)
    }, 상대 { $opponent }
status-bid = { $round }/13라운드: 입찰하세요 ({ $seat ->
        [first] 먼저 두는 자리(FIRST)
       *[second] 나중 두는 자리(SECOND)
    }, 상대 { $opponent })
status-put = { $round }/13라운드: 주사위 5개로 점수를 얻으세요 ({ $seat ->
        [first] 먼저 두는 자리(FIRST)
       *[second] 나중 두는 자리(SECOND)
    }, 상대 { $opponent })
status-waiting = { $round }/13라운드: { $opponent }을(를) 기다리는 중

## The end of a game

verdict-win = 승리했습니다
verdict-loss = 패배했습니다
verdict-draw = 무승부
verdict-first = FIRST 승리
verdict-second = SECOND 승리
final-person = 총점: 나 { $mine }, { $opponent } { $theirs }.
final-person-abort = 총점: 나 { $mine }, { $opponent } { $theirs } ({ $abort }).
final-log = 총점: FIRST { $first }, SECOND { $second }.
final-log-abort = 총점: FIRST { $first }, SECOND { $second } ({ $abort }).
replay-link-game = 리플레이: 봇은 왜 그렇게 두었나
replay-link-log = 리플레이: 라운드별로, FIRST의 선택을 표와 비교
log-link = 공식 로그
again = 다시 하기
review-title-person = 복기: 나의 결정과 주사위
review-title-log = 복기: 양쪽의 결정과 주사위
review-reviewing = 게임을 복기하는 중…
review-progress = 게임을 복기하는 중: 약 { $total }개 중 { $done }개의 결정을 판정했습니다…
review-none = 복기할 수 없습니다: { $error }

## Hints

hint-thinking = 봇이 내 수를 생각하고 있습니다…
hint-advice = 내 자리라면 봇은 { $advice }을(를) 둡니다; 봇이 보는 나의 승률은 { NUMBER($p, minimumFractionDigits: 2, maximumFractionDigits: 2) }입니다.
hint-none = 힌트 없음: { $error }

## How to play

how-title = 게임 방법
how-auction = 두 사람이 13라운드를 겨룹니다. 1~12라운드는 <b>입찰</b>로 시작합니다: 주사위 5개씩인
    A묶음과 B묶음을 굴리고, 각 사람은 가져가고 싶은 묶음과 0 이상 100,000 이하의 입찰 점수를
    몰래 제출합니다.
how-different = 서로 다른 묶음을 고르면: 각자 원하는 묶음을 가져가고 입찰 점수만큼 <b>점수를 잃습니다</b>.
how-same = 같은 묶음을 고르면: 더 높은 점수를 제출한 사람이 가져가고 그만큼 점수를 잃습니다; 다른
    사람은 남은 묶음을 가져가고 자신의 입찰 점수만큼 <b>점수를 얻습니다</b>. 점수가 같으면 무작위로 정합니다.
how-scoring = 2라운드부터는 각 사람이 <b>점수를 획득</b>합니다: 가진 주사위(입찰 뒤에는 10개) 중
    5개와 아직 쓰지 않은 점수 규칙을 고릅니다; 고르지 않은 5개는 다음 라운드로 남습니다. 13라운드에는
    입찰이 없고, 남은 주사위 5개로 점수를 얻습니다.
how-upper = 그 눈이 나온 주사위에 적힌 수의 합 (×1000)
how-choice = 다섯 개의 주사위에 적힌 모든 수의 합 (×1000)
how-four = 같은 수가 4개 이상이면 모든 수의 합
how-full = 3개가 같고 다른 2개가 같으면 (또는 5개가 같으면) 모든 수의 합
how-small = 4개가 연속이면 15,000
how-large = 5개가 연속이면 30,000
how-yacht = 5개가 모두 같으면 50,000
how-bonus = 기본 점수 규칙(ONE~SIX)에서 63,000점 이상을 얻으면 보너스 점수 35,000점을 더 얻습니다.
    총점은 점수 규칙의 점수, 보너스, 입찰로 잃거나 얻은 점수의 합이며, 총점이 높은 사람이 승리합니다.

## The review (drawn by review.js)

review-summary-cost = { $person ->
        [yes] 나의
       *[no] { $me }의
    } 주사위 운은 승리 { $luck }만큼의 가치였고, { $person ->
        [yes] 나의
       *[no] { $me }의
    } 결정은 승리 { $cost }만큼, { $them }의 결정은 { $theirs }만큼을 잃었습니다 (각 결정이 그
    자리에서 잃은 승률의 합: 1을 넘을 수 있습니다).
review-summary-result = { $person ->
        [yes] 나는
       *[no] { $me }은(는)
    } { $result ->
        [won] 이겼습니다
        [drew] 비겼습니다
       *[lost] 졌습니다
    }; 주사위 운을 빼면 { $person ->
        [yes] 나의
       *[no] { $me }의
    } 플레이는 { $worth }의 가치였습니다.
review-summary-level = { $person ->
        [yes] 나는
       *[no] { $me }은(는)
    } 레벨 { $level }처럼 두었습니다.
worth-win-more = 승리에 { $amount } 더한 것
worth-win = 승리
worth-half = 승리의 절반
worth-part = 승리의 { $amount }
worth-loss = 패배
worth-loss-less = 패배에서 { $amount } 뺀 것
result-won = 승리
result-drew = 무승부
result-lost = 패배
review-col-accuracy = 정확도
review-col-error = 결정당 오차
review-col-error-tip = 결정마다 잃은 승률, 결정할 때 게임이 얼마나 열려 있었는지로 가중: 이미 정해진
    게임의 결정은 거의 세지 않습니다
review-col-points = 결정당 잃은 점수
review-col-points-tip = 기대 점수가 가장 높은 결정에 비해 결정마다 잃은 기대 점수: 어느 레벨처럼
    두었는지는 이것으로 읽습니다
review-col-luck = 운
review-col-result = 결과
review-col-adjusted = 운을 뺀 결과
review-chart-label = { $person ->
        [yes] 나의
       *[no] { $me }의
    } 라운드별 승률
review-chart-end = 끝
review-chart-luck = { $round }라운드: { $kind ->
        [roll] 주사위
        [draw] 무작위로 고른 입찰
       *[coin] 동전
    } { $luck } (승리 기준, { $person ->
        [yes] 나에게
       *[no] { $me }에게
    })
review-chart-mark = { $round }라운드: { $played }, 잃은 승률 { $cost }
review-chart-caption = 각 라운드 시작 때 { $person ->
        [yes] 나의
       *[no] { $me }의
    } 승률 (표의 기댓값). 점: { $person ->
        [yes] 나에게
       *[no] { $me }에게
    } 주사위가 준 운 (초록은 좋음, 빨강은 나쁨); 표시: 승률을 잃은 { $person ->
        [yes] 나의
       *[no] { $me }의
    } 결정 (?! 부정확, ? 실수, ?? 대실수).
review-costliest = 가장 비싼 { $person ->
        [yes] 나의
       *[no] { $me }의
    } 결정 세 개
review-costly-none = { $person ->
        [yes] 나의
       *[no] { $me }의
    } 결정 가운데 눈에 띄게 잃은 것은 없습니다: 잘 두었습니다.
review-costly = { $round }라운드, { $person ->
        [yes] 나의
       *[no] { $me }의
    } { $kind ->
        [bid] 입찰
       *[put] 점수 획득
    } ({ $position }): { $played }을(를) 두었고, 더 나은 수는 { $best }였습니다 (승리의 { $cost }{ $points ->
        [none] {""}
       *[other] , 기대 점수 { $points }
    }{ $hindsight ->
        [none] {""}
       *[other] ; 실제로 들어온 입찰에 대해서는 { $hindsight }
    }).
review-judging = 입찰은 그때 알 수 있던 것에 비추어 판정합니다: 그때까지의 입찰로 드러난 상대
    (아직 설명하지 못한 부분은 입찰한 사람에게 가장 나쁘게 셈); 실제로 들어온 입찰에 대한 손실은
    따로 보여 줍니다. 점수 획득은 그 뒤의 승률로 판정하며, 모든 대안을 같은 미래의 주사위로 비교합니다.
review-every = 모든 결정
review-col-round = 라운드
review-col-cost = 잃은 승률
review-col-played = 둔 수
review-col-better = 더 나은 수
review-col-position = 국면
mark-inaccuracy = 부정확
mark-mistake = 실수
mark-blunder = 대실수
review-warnings = 규칙으로 설명되지 않는 로그의 내용
review-seen-from = 보는 쪽
review-page-title = Yacht Auction 복기: { $name }
review-page-heading = 복기: 양쪽의 결정과 주사위
review-page-noscript = 복기는 페이지의 스크립트가 그립니다.

## Why a decision's best is better (the review's reasons)

why-bid = { $favoured } 묶음이 입찰한 사람과 상대에게 합쳐서 { NUMBER($swing, maximumFractionDigits: 0) }점 더 가치 있었고
    (스윙), 균형 입찰은 그 4분의 1입니다{ $known ->
        [yes] ; 상대는 { NUMBER($pA, minimumFractionDigits: 2, maximumFractionDigits: 2) }의 확률로 A를, 약 { NUMBER($mean, maximumFractionDigits: 0) }점에 입찰할 것으로 보였습니다
       *[no] ; 아직 상대에 대해 알려진 것이 없어, 어떤 대응에도 이용당하지 않는 입찰이 가장 좋습니다
    }{ $gave ->
        [yes] ; { $best } 대신 { $played }을(를) 두어 승률 { NUMBER($lost, minimumFractionDigits: 1, maximumFractionDigits: 1) }%를 잃었습니다
       *[no] {""}
    }
why-put-best = 가장 좋은 점수 획득: 그 뒤 승률 { NUMBER($win, minimumFractionDigits: 1, maximumFractionDigits: 1) }%
why-put = { $best }은(는) 지금 { NUMBER($bestPoints) }점을 얻고 승률 { NUMBER($bestWin, minimumFractionDigits: 1, maximumFractionDigits: 1) }%를 남깁니다; { $played }은(는) 지금 { NUMBER($playedPoints) }점을 얻고 { NUMBER($playedWin, minimumFractionDigits: 1, maximumFractionDigits: 1) }%를 남깁니다 (표로는 { NUMBER($apart, maximumFractionDigits: 0) }점 차이)

## What a log shows that the rules do not explain

warn-both-got = { $round }라운드: 두 사람 모두 { $group } 묶음을 가져갔습니다
warn-get-bids = { $round }라운드: GET { $first } / { $second }은(는) 입찰 결과와 맞지 않습니다
warn-final-score = SCORE{ $side } { $logged }이지만 다시 계산하면 { $replayed }입니다

## A file that is not a whole game's log (the page's refusal)

log-refused = 이 파일은 한 게임 전체의 공식 로그가 아닙니다: { $reason }
log-line = { $line }번째 줄: { $reason }: { $text }
log-aborted-early = 첫 라운드 전에 게임이 중단되었습니다 ({ $side } { $abort }): 아무것도 진행되지 않았습니다
log-no-round = ROUND 줄이 없습니다: 게임 로그가 아닙니다
log-breaks-rules = 규칙에 어긋나는 수가 있습니다: { $round }라운드: { $reason }
log-put-not-applied = PUT { $side } { $category } { $dice }을(를) 적용할 수 없습니다 ({ $why ->
        [used] 이미 쓴 점수 규칙
       *[held] 가지고 있지 않은 주사위
    })
log-no-legal-scoring = { $side }에게는 둘 수 있는 점수 획득이 없는데 로그에는 있습니다
log-put-illegal = PUT { $side } { $category } { $dice }은(는) 규칙에 어긋납니다
log-cut-short = 13라운드 중 { $round }라운드에서 FINISH도 ABORT도 없이 끝납니다: 파일이 잘렸습니다
log-round-lacks = { $round }라운드에 { $what }이(가) 없습니다
log-no-finish = FINISH와 최종 점수가 없습니다: 파일이 잘렸습니다
log-event-before-round = 첫 ROUND 줄보다 앞선 내용
log-second = 한 라운드에 두 번째 { $what }
log-second-player = 한 라운드에 같은 사람의 두 번째 { $what }
log-bad-dice = 잘못된 주사위 { $token } (1~6의 숫자 다섯 개)
log-bad-group = 잘못된 묶음 { $token }
log-bad-player = 잘못된 플레이어 { $token } (FIRST 또는 SECOND)
log-bad-score = 잘못된 점수 { $token }
log-bad-round = 잘못된 라운드 번호 { $token } (1~13)
log-round-order = ROUND { $expected }이(가) 와야 할 자리에 ROUND { $number }
log-roll-late = { $round }라운드의 ROLL
log-bad-amount = 잘못된 입찰 점수 { $token } (0~100000)
log-unknown-rule = 알 수 없는 점수 규칙 { $token }
log-put-round-1 = 1라운드의 PUT
log-not-a-line = 로그의 줄이 아닙니다
log-tag-form = 태그는 [KEY "value"] 꼴이어야 합니다
log-tag-quoted = 태그의 값은 따옴표로 감싸야 합니다

## The server's refusals of a move or a request

err-server = 서버에서 문제가 생겼습니다: { $detail }
err-no-game = 그런 게임이 없습니다
err-no-page = 그런 페이지가 없습니다
err-no-opponent = 그런 상대가 없습니다
err-opponent-key = opponent: /api/opponents의 키가 필요합니다
err-seat = seat: first, second, random 중 하나
err-body-object = 요청 본문은 JSON 객체여야 합니다
err-body-json = 요청 본문이 JSON이 아닙니다: { $detail }
err-turn-number = turn: 정수가 필요합니다
err-log-text = log: 공식 게임 로그의 텍스트가 필요합니다
err-log-too-large = 이 파일은 { NUMBER($limit) } KiB보다 큽니다: 게임 로그는 몇 KB입니다.
err-group = A 또는 B 묶음을 고르세요
err-amount = 입찰 점수는 0 이상 { NUMBER($max) } 이하의 정수입니다
err-five-dice = 가진 주사위 중 정확히 5개를 고르세요
err-category = 12개의 점수 규칙 중 하나를 고르세요
err-not-held = { $dice }을(를) 가지고 있지 않습니다
err-category-used = { $category }은(는) 이미 썼습니다
err-no-move-due = 지금은 둘 차례가 아닙니다
err-stale-turn = 이 수는 { $turn }번째 차례의 것인데 게임은 { $current }번째 차례입니다: 새로 고치세요
err-bid-due = 점수 획득이 아니라 입찰할 차례입니다
err-put-due = 입찰이 아니라 점수를 얻을 차례입니다
err-starting = 게임이 시작하는 중입니다
err-game-stopped = 게임이 멈췄습니다
err-review-gone = 복기 파일이 없어졌습니다
err-review-stopped = 게임이 끝나기 전에 멈췄습니다
err-review-not-over = 게임이 아직 끝나지 않았습니다
err-no-replay = 이 게임의 리플레이가 (아직) 없습니다
err-no-log = 이 게임의 로그가 없습니다
err-no-match = 그런 경기 복기가 없습니다 (서버는 최근 16개를 보관합니다)
err-match-logs = logs: name과 log가 있는 객체 하나 이상의 목록
err-match-too-many = 로그 { NUMBER($count) }개: 한 번에 최대 { NUMBER($limit) }개를 복기합니다
err-match-failed = 복기할 수 없습니다: { $reason }

## The replay page (the person's side round by round, the bot's view of its bids)

replay-title = Yacht Auction 리플레이
replay-result = 결과
replay-final-scores = 총점
replay-abort = 중단
replay-abort-value = { $round }라운드에서 { $side } { $reason }
replay-reviewed-side = 복기한 쪽
replay-legend = 가치: 점수 + 보너스 + 남은 게임의 기대 점수 (천 점 단위, k); 잃은 점수와 점수는 심판의
    점수; eq = 표의 균형 입찰 |S|/4 (--rerun은 봇 자신의 입찰을 보여 줌); * = eq와 다르거나 표의
    최선보다 낮은 점수 획득
replay-col-round = 라운드
replay-col-roll = 굴림
replay-col-bid = 입찰
replay-col-eq = 균형 입찰
replay-col-opp = 상대 입찰
replay-col-got = 가져감
replay-col-swing = 스윙
replay-col-put = 점수 획득
replay-col-value = 가치
replay-col-best = 최선
replay-col-lost = 잃은 점수
replay-col-win = 승률
replay-summary = 요약: 점수 획득 { $puts }번 중 { $best }번이 표의 최선 (잃은 점수 { $lost }점), 입찰 { $bids }번 중 { $equilibrium }번이 균형 입찰과 같음
replay-warning = 경고: { $text }
replay-chart-win = { $side }: 라운드별 승률 (봇의 추정)
replay-chart-point = { $round }라운드: { $p }
explain-title = 봇은 왜 그렇게 입찰했나
explain-legend = 봇의 입찰; 한계가 허용하는 안전한 입찰 (균형 입찰, 또는 승률 곡선 위의 최대최소
    입찰); 점수로 본 모델의 최선의 대응; 입찰을 점수로 정했는지 승률로 정했는지; 스윙 S; 상대가 안전한
    입찰의 묶음을 고를 확률과 그 입찰 점수 (p10/p50/p90); 상대의 입찰.
explain-col-round = 라운드
explain-col-bid = 봇의 입찰
explain-col-safe = 안전한 입찰
explain-col-model = 모델
explain-col-priced = 기준
explain-col-swing = 스윙
explain-col-group = P(묶음)
explain-col-amount = 입찰 점수 p10/p50/p90
explain-col-opponent = 상대의 입찰
explain-col-weights = 모델의 가중치
explain-priced-win = 승률
explain-priced-points = 점수
explain-unexplained = 설명되지 않음
explain-reader = 읽는 쪽
explain-no-model = 이 레벨에는 모델이 없음

## 한 경기 전체의 복기 (`harness replay DIR --review`, 플레이 페이지에 여러 로그)

match-page-title = Yacht Auction 경기 복기: { $name }
match-page-heading = 경기 복기: 각 선수가 어디서 지는가
match-page-noscript = 복기는 페이지의 스크립트가 그립니다.
match-summary = 게임 { $games }판을 복기했습니다, { $one } 대 { $other }{ $skipped ->
        [0] .
       *[other] ; 파일 { $skipped }개는 복기하지 않았습니다 (아래).
    }
match-findings = 먼저 읽을 것
match-findings-none = 어느 선수의 플레이에도 상대의 같은 부분보다 백 판에 0.5점 이상 더 잃는 부분이 없습니다.
match-finding = { $player }: { $what }이(가) 결정마다 승리 확률 { $cost }를 잃었습니다 ({ $other }: { $other_cost }), 게임마다 { $per_game }점 더, 결정 { $decisions }개
match-part = { $part ->
        [bids-round] { $round }라운드의 입찰
        [puts-round] { $round }라운드의 점수 기록
        [overpaid] 최선의 금액보다 높은 입찰
        [underpaid] 최선의 금액보다 낮은 입찰
        [wrong-group] 다른 묶음에 한 입찰
       *[category] { $category }에 한 점수 기록
    }
match-col-player = 선수
match-col-games = 게임
match-col-score = 점수
match-col-luck = 게임당 운
match-col-adjusted = 운을 뺀 결과
match-col-error = 결정당 오차
match-col-bids = 입찰
match-col-puts = 점수 기록
match-col-accuracy = 정확도
match-col-marks = 게임당 ?! / ? / ??
match-col-bonus = 상단 보너스
match-col-decisions = 결정
match-col-cost = 결정당
match-col-round = 라운드
match-by-round = 라운드별 결정당 오차
match-by-round-caption = 결정 하나가 잃은 승리 확률, 라운드마다 입찰과 점수 기록을 나누어, 같은 게임의 두 선수.
match-habit = 최선의 입찰과 비교한 입찰
match-habit-overpaid = 최선의 금액보다 높게
match-habit-underpaid = 최선의 금액보다 낮게
match-habit-wrong = 다른 묶음에
match-habit-best = 최선의 입찰
match-categories = 기록한 항목별 점수 기록
match-costliest = { $player }의 가장 비싼 결정
match-costly = { $round }라운드 ({ $file }): { $best } 대신 { $played }, 승리 확률 { $cost }
match-costly-also = { $file }, 같은 상황의 { $also }
match-costly-link = 그 게임의 복기
match-skipped = 복기하지 않은 파일
match-skip-not-text = 텍스트가 아닙니다
match-skip-unreadable = 읽을 수 없습니다: { $error }
match-skip-not-log = 게임의 공식 로그가 아닙니다: { $reason }
match-skip-not-whole = 게임 전체의 로그가 아닙니다: { $reason }
match-skip-not-replayed = 규칙으로 다시 재생할 수 없습니다: { $reason }
match-skip-other-players = { $first }와(과) { $second }의 게임이며, 이 경기의 { $one }와(과) { $other }가 아닙니다
match-skip-deal = 한 딜의 입력 파일(주사위)이며, 로그가 아닙니다
match-skipped-many = 파일 { $count }개: { $reason } ({ $files }, …)
