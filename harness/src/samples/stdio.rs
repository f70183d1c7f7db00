//! Any agent as a standalone program on stdin/stdout (what the official testing tool
//! spawns): one command per line in, one answer per line out, flushed at once.

use std::io::{BufRead, Write};

use yacht::protocol::{parse_command, Command};

use yacht::game::Agent;

/// Plays until `FINISH` or end of input. Lines that do not parse are reported on stderr
/// and skipped. Returns an error only when stdout is gone.
pub fn run(
    agent: &mut dyn Agent,
    input: impl BufRead,
    mut output: impl Write,
    mut diagnostics: impl Write,
) -> std::io::Result<()> {
    for line in input.split(b'\n') {
        let Ok(bytes) = line else {
            break;
        };
        let text = String::from_utf8_lossy(&bytes);
        let command = match parse_command(&text) {
            Ok(Command::Finish) => break,
            Ok(command) => command,
            Err(error) => {
                let _ = writeln!(diagnostics, "{}: {error}", agent.label());
                continue;
            }
        };
        let reply = agent.handle(&command);
        for note in reply.warnings {
            let _ = writeln!(diagnostics, "{}: {note}", agent.label());
        }
        if let Some(answer) = reply.answer {
            writeln!(output, "{answer}")?;
            output.flush()?;
        }
    }
    Ok(())
}
