//! A game of our bot against an in-process opponent, with the bot kept as a `Bot` so that
//! a measurement can ask it about each auction once both bids are in and before the `GET`
//! (`harness measure regret`, `harness measure odds`). The games are `harness match`'s:
//! the same deals, and each private generator seeded as the match seeds it.

use yacht::engine::{Bot, BotConfig};
use yacht::game::deal::mix;
use yacht::game::play::{play, Event, Played, Seats};
use yacht::game::{Agent, Deal};
use yacht::protocol::{Answer, Command, Group, Owed};

/// The two seats: our bot and the opponent; each answer is computed when its command is
/// delivered.
struct ObservedSeats<'a> {
    bot: &'a mut Bot,
    opponent: &'a mut dyn Agent,
    bot_seat: usize,
    answers: [Option<Answer>; 2],
    bids: [Option<(Group, u32)>; 2],
    on_auction: &'a mut dyn FnMut(&Bot, (Group, u32)),
}

impl Seats for ObservedSeats<'_> {
    type Fault = ();

    fn send(&mut self, seat: usize, command: &Command) {
        let reply = if seat == self.bot_seat {
            self.bot.handle(command)
        } else {
            self.opponent.handle(command)
        };
        self.answers[seat] = reply.answer;
    }

    fn answer(&mut self, seat: usize, _owed: Owed) -> Result<Answer, ()> {
        self.answers[seat].take().ok_or(())
    }

    fn observe(&mut self, event: &Event) {
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

/// Plays deal `index` of `seed` between `bot` (in `bot_seat`) and the opponent
/// `make_opponent` builds, both seeded as `harness match --seed` seeds them, calling
/// `on_auction` with the bot and the opponent's bid at every auction.
pub fn play_observed(
    bot: BotConfig,
    opponent: &mut dyn Agent,
    (seed, index): (u64, u64),
    deal: &Deal,
    bot_seat: usize,
    on_auction: &mut dyn FnMut(&Bot, (Group, u32)),
) -> (Bot, Played<()>) {
    let game_seed = mix(seed, index);
    let mut ours = Bot::new(BotConfig {
        rng_seed: Some(bot.rng_seed.unwrap_or(mix(game_seed, 1))),
        ..bot
    });
    opponent.reset(mix(game_seed, 2));
    let mut seats = ObservedSeats {
        bot: &mut ours,
        opponent,
        bot_seat,
        answers: [None, None],
        bids: [None, None],
        on_auction,
    };
    let played = play(deal, &mut seats);
    (ours, played)
}
