"""A UAI engine process for the project's scripts (ataxx-book.py, gauntlet-trace.py): started
with `uai`, asked one position at a time, each search fresh after `uainewgame`."""
import subprocess


class Engine:
    """One UAI engine process; `command` is its argument list (BoardLab: [binary, "uai"])."""

    def __init__(self, command):
        self.proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.send("uai")
        self.read_until("uaiok")

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def read_until(self, word):
        """The engine's lines, as lists of words, up to the first that starts with `word`.
        Raises RuntimeError if the engine exits first."""
        lines = []
        for line in self.proc.stdout:
            lines.append(line.split())
            if lines[-1][:1] == [word]:
                return lines
        raise RuntimeError(f"the engine {self.proc.args[0]} exited before '{word}'")

    def scores(self, position, go):
        """The scores of every `info` line of one search, in order, as ('cp', n) or ('mate', n)
        for the side to move: `position` is the UAI position command, `go` the go command.
        BoardLab writes `score cp N`; Zataxx writes `score N`, read as centipawns."""
        self.send("uainewgame")
        self.send(position)
        self.send("isready")
        self.read_until("readyok")
        self.send(go)
        found = []
        for words in self.read_until("bestmove"):
            if words[:1] == ["info"] and "score" in words:
                value = words[words.index("score") + 1:]
                if value[0] in ("cp", "mate"):
                    found.append((value[0], int(value[1])))
                else:
                    found.append(("cp", int(value[0])))
        return found

    def close(self):
        self.proc.kill()
        self.proc.wait()
