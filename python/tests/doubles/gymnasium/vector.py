"""gymnasium.vector (test double): the VectorEnv base class."""


class VectorEnv:
    metadata = {"autoreset_mode": "next_step"}
    render_mode = None
    closed = False

    def close(self):
        self.closed = True
