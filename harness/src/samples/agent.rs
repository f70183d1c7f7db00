//! A sample AI as an [`Agent`]: tracks the game like any player and applies its policies.

use rand::SeedableRng;
use rand_pcg::Pcg64;
use yacht::engine::GameView;
use yacht::protocol::{Answer, Command, Hand};
use yacht::rules::category::Category;
use yacht::rules::dice::{for_each_submultiset, HAND_DICE};

use super::scoring::ScorePolicy;
use super::SampleConfig;
use yacht::engine::Reply;
use yacht::game::deal::mix;
use yacht::game::Agent;

/// One sample AI.
pub struct SampleAi {
    config: SampleConfig,
    view: GameView,
    /// Own held dice in the order received (the example code scores the oldest five).
    ordered: Vec<u8>,
    rng: Pcg64,
}

impl SampleAi {
    pub fn new(config: SampleConfig) -> SampleAi {
        SampleAi {
            rng: Pcg64::seed_from_u64(config.seed_salt),
            config,
            view: GameView::default(),
            ordered: Vec::with_capacity(2 * HAND_DICE),
        }
    }

    pub fn config(&self) -> &SampleConfig {
        &self.config
    }

    fn put(&mut self, debug: &mut Vec<String>) -> Answer {
        let me = &self.view.me;
        let choice = match self.config.score {
            ScorePolicy::Example => {
                let category = Category::ALL.into_iter().find(|c| me.used & c.bit() == 0);
                let dice = self.ordered.get(..HAND_DICE).map(|d| {
                    let mut faces = [0u8; HAND_DICE];
                    faces.copy_from_slice(d);
                    Hand(faces)
                });
                category.zip(dice)
            }
            policy => policy.decide(me).and_then(|s| {
                let dice = Hand::from_counts(&s.dice)?;
                Some((s.category, dice))
            }),
        };
        let (category, dice) = choice.unwrap_or_else(|| {
            // Only a broken game gets here; answer something parseable.
            debug.push("no legal scoring; sending a placeholder".to_string());
            let mut first = None;
            for_each_submultiset(&me.held, HAND_DICE, |s| {
                first = first.or_else(|| Hand::from_counts(s));
            });
            (Category::Choice, first.unwrap_or(Hand([1; HAND_DICE])))
        });
        if self.view.me.apply_score(category, &dice.counts()).is_err() {
            debug.push(format!(
                "own PUT {category} {dice} does not fit the tracked state"
            ));
        }
        // Remove the scored dice from the ordered hand, first occurrences first.
        for face in dice.0 {
            if let Some(i) = self.ordered.iter().position(|&d| d == face) {
                self.ordered.remove(i);
            }
        }
        Answer::Put { category, dice }
    }
}

impl SampleAi {
    /// The answer to `command` (if owed); notes go to `debug`.
    fn respond(&mut self, command: &Command, debug: &mut Vec<String>) -> Option<Answer> {
        // The bundle we get, in the order received, before the view applies the GET.
        if let Command::Get { got, .. } = *command
            && let Some(bundle) = self.view.bundle(got)
        {
            self.ordered.extend_from_slice(&bundle.0);
        }
        debug.extend(self.view.advance(command));
        match *command {
            Command::Ready => {
                // A standalone AI plays one game per process; in-process, reset() ran.
                self.ordered.clear();
                Some(Answer::Ok)
            }
            Command::Roll { a, b } => {
                let (group, amount) = self.config.bid.decide(&self.view, &a, &b, &mut self.rng);
                self.view.my_bid = Some((group, amount));
                Some(Answer::Bid { group, amount })
            }
            Command::Score => Some(self.put(debug)),
            Command::Get { .. } | Command::Set { .. } | Command::Finish => None,
        }
    }
}

impl Agent for SampleAi {
    fn label(&self) -> String {
        self.config.label()
    }

    fn reset(&mut self, game_seed: u64) {
        self.view = GameView::default();
        self.ordered.clear();
        self.rng = Pcg64::seed_from_u64(mix(game_seed, self.config.seed_salt));
    }

    fn handle(&mut self, command: &Command) -> Reply {
        let mut warnings = Vec::new();
        let answer = self.respond(command, &mut warnings);
        Reply { answer, warnings }
    }
}
