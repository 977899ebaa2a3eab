# A well-behaved agent through iglu.serve_agent: places one block, publishes its belief, then asks.
import sys

import iglu


class Policy:
    def __init__(self):
        self.steps = 0
        self.task = None

    def reset(self, obs, task_id):
        assert obs["grid"].shape == (9, 11, 11) and obs["grid"].dtype.name == "int32", obs["grid"].dtype
        self.task = task_id

    def __call__(self, obs, dialog):
        self.steps += 1
        print("debug output from the policy goes to stderr")  # must not break the protocol
        if self.steps == 1:
            return {"action": 17, "belief": [(0, -1, 0, 1), (0, 0, 0, 1)]}
        return None, [(0, -1, 0, 1), (0, 0, 0, 1)], f"task {self.task}: {dialog.splitlines()[-1]}? which colour on top?"


sys.exit(iglu.serve_agent(Policy(), action_space="walking", name="good test agent"))
