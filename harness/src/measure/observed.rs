//! A game of our bot against any player (in-process, or a program: `cmd:…`), with the bot
//! kept as a `Bot` so that a measurement can ask it about each auction once both bids are
//! in and before the `GET` (`harness measure regret`, `harness measure odds`). The games
//! are `harness match`'s: the same deals, and each private generator seeded as the match
//! seeds it. A program gets generous deadlines: this measures the bot, not the program's
//! speed.

use std::time::{Duration, Instant};

use yacht::engine::{Bot, BotConfig};
use yacht::game::deal::mix;
use yacht::game::play::{play, Event, Played, Seats};
use yacht::game::Deal;
use yacht::protocol::{parse_answer, Answer, Command, Group, Owed};

use crate::player::{Deadline, Player, Received};
use crate::review::luck::{LuckEvent, LuckTracker};

/// How long a program may take over an answer here.
const PROGRAM_WAIT: Duration = Duration::from_secs(10);

/// The two seats: our bot and the opponent; each answer is computed when its command is
/// delivered.
struct ObservedSeats<'a> {
    bot: &'a mut Bot,
    opponent: &'a mut dyn Player,
    bot_seat: usize,
    answers: [Option<Answer>; 2],
    bids: [Option<(Group, u32)>; 2],
    on_auction: &'a mut dyn FnMut(&Bot, (Group, u32)),
    luck: LuckTracker,
}

impl Seats for ObservedSeats<'_> {
    type Fault = ();

    fn send(&mut self, seat: usize, command: &Command) {
        if seat == self.bot_seat {
            self.answers[seat] = self.bot.handle(command).answer;
        } else {
            self.opponent.send(command);
        }
    }

    fn answer(&mut self, seat: usize, _owed: Owed) -> Result<Answer, ()> {
        if seat == self.bot_seat {
            return self.answers[seat].take().ok_or(());
        }
        let deadline = Deadline {
            cpu: None,
            wall: Some(Instant::now() + PROGRAM_WAIT),
        };
        match self.opponent.receive(deadline).received {
            Received::Answer(answer) => Ok(answer),
            Received::Line(line) => parse_answer(&line).map_err(|_| ()),
            Received::Timeout(_) | Received::Closed => Err(()),
        }
    }

    fn observe(&mut self, event: &Event) {
        self.luck.observe(event);
        match *event {
            Event::Roll { .. } => self.bids = [None, None],
            Event::Bid { seat, bid } => {
                self.bids[seat] = Some((bid.group, bid.amount));
                // Both bids are in and the `GET` not yet sent: the bot's open bid.
                if let (Some(_), Some(theirs)) =
                    (self.bids[self.bot_seat], self.bids[1 - self.bot_seat])
                {
                    (self.on_auction)(self.bot, theirs);
                }
            }
            _ => {}
        }
    }
}

/// Plays deal `index` of `seed` between `bot` (in `bot_seat`) and `opponent`, both
/// seeded as `harness match --seed` seeds them, calling `on_auction` with the bot and the
/// opponent's bid at every auction. Returns the bot, the game, and the luck of each of its
/// chance events (`review::luck`, as the referee follows it). `Err` if the opponent could
/// not be started.
pub fn play_observed(
    bot: BotConfig,
    opponent: &mut dyn Player,
    (seed, index): (u64, u64),
    deal: &Deal,
    bot_seat: usize,
    on_auction: &mut dyn FnMut(&Bot, (Group, u32)),
) -> Result<(Bot, Played<()>, Vec<LuckEvent>), String> {
    let game_seed = mix(seed, index);
    let mut ours = Bot::new(BotConfig {
        rng_seed: Some(bot.rng_seed.unwrap_or(mix(game_seed, 1))),
        ..bot
    });
    opponent.start(mix(game_seed, 2))?;
    let mut seats = ObservedSeats {
        bot: &mut ours,
        opponent,
        bot_seat,
        answers: [None, None],
        bids: [None, None],
        on_auction,
        luck: LuckTracker::new(),
    };
    let played = play(deal, &mut seats);
    let luck = seats.luck.events().to_vec();
    opponent.finish();
    Ok((ours, played, luck))
}
