"""iglu.gridworld with gym importable. gym is not a Debian package and cannot be installed here,
so these tests put a TEST-ONLY DOUBLE of gym 0.21's surface (doubles/gym: Env, Wrapper,
ObservationWrapper, spaces, register / make) on PYTHONPATH of a child process; when the real gym
is importable, the same checks run against it. Client-style scripts (clients/, written in the
style of the starter kit's evaluator, the RL baseline's wrapper stack and the reference's
examples, with only the import changed) run unchanged and their printed results are checked.
test_gridworld_dropin.py covers the package without gym."""
import json
import os
import pathlib
import subprocess
import sys

import pytest

from conftest import SHARED

HERE = pathlib.Path(__file__).resolve().parent
DATA = SHARED / "data" / "iglu-singleturn"


def have_real_gym():
    try:
        import gym  # noqa: F401
        return True
    except ImportError:
        return False


def run(code_or_script, *args, timeout=300):
    env = dict(os.environ)
    paths = [os.path.abspath(p) for p in env.get("PYTHONPATH", "").split(os.pathsep) if p]
    if not have_real_gym():
        paths.append(str(HERE / "doubles"))
    env["PYTHONPATH"] = os.pathsep.join(paths)
    cmd = [sys.executable, str(code_or_script), *map(str, args)] if str(code_or_script).endswith(".py") \
        else [sys.executable, "-c", code_or_script]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, env=env, cwd=HERE)
    assert proc.returncode == 0, f"failed ({proc.returncode}):\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}"
    return json.loads(proc.stdout.strip().splitlines()[-1])


def test_gridworld_is_a_gym_env_with_gym_spaces_and_registered_ids():
    out = run("""
import json, gym, numpy as np
import iglu.gridworld as gridworld
from iglu.gridworld import GridWorld
from iglu.gridworld.env import SizeReward, String
from iglu.gridworld.tasks import DUMMY_TASK
env = gym.make('IGLUGridworld-v0')
vec = gym.make('IGLUGridworldVector-v0', max_steps=7)
gw, gv = env.unwrapped, vec.unwrapped
import importlib, iglu.gridworld.env as m
importlib.reload(m)                                   # registering twice is not an error
gv.set_task(DUMMY_TASK)
obs = vec.reset()
print(json.dumps({
  'gym_env': isinstance(gw, gym.Env) and isinstance(gw, GridWorld), 'size_reward': isinstance(env, SizeReward),
  'wrapper': isinstance(env, gym.Wrapper),
  'spec': [gw.spec.id, gv.spec.id, gw.spec.entry_point], 'vec_kwargs': gv.spec._kwargs if hasattr(gv.spec, '_kwargs') else gv.spec.kwargs,
  'vec_opts': [gv.vector_state, gv.do_render, gv.max_steps], 'def_opts': [gw.vector_state, gw.do_render, gw.discretize, gw.select_and_place],
  'spaces': [type(gw.action_space).__module__.split('.')[0], isinstance(gw.observation_space, gym.spaces.Dict),
             all(isinstance(s, gym.spaces.Space) for s in gw.observation_space.spaces.values()),
             isinstance(gw.observation_space['dialog'], String)],
  'obs': sorted(obs), 'contains': bool(gv.observation_space['grid'].contains(obs['grid'])),
  'str': str(gw)}))
""")
    assert out["gym_env"] and out["size_reward"] and out["wrapper"]
    assert out["spec"] == ["IGLUGridworld-v0", "IGLUGridworldVector-v0", "iglu.gridworld.env:create_env"]
    assert out["vec_kwargs"] == {"vector_state": True, "render": False, "max_steps": 7}
    assert out["vec_opts"] == [True, False, 7] and out["def_opts"] == [False, True, True, True]
    assert out["spaces"] == ["gym", True, True, True]
    assert out["obs"] == ["agentPos", "compass", "dialog", "grid", "inventory"] and out["contains"]
    assert "GridWorld" in out["str"]


def test_reference_wrapper_forwards_attributes_and_render():
    out = run("""
import json
import numpy as np
from iglu.gridworld.env import GridWorld, Wrapper
from iglu.gridworld.tasks import Task, Tasks
from iglu.gridworld.wrappers import Actions, debug
env = Wrapper(GridWorld(render=True, discretize=True, render_size=(32, 32)))
env.set_task(Task('', Tasks.to_dense([(0, -1, 0, 1)])))
frame = env.render()
a = Actions(env)
print(json.dumps({'render': list(frame.shape), 'step_no': env.step_no, 'n': a.action_space.n,
                  'pov': list(a.step(16)[0]['pov'].shape)}))
""")
    assert out == {"render": [32, 32, 4], "step_no": 0, "n": 17, "pov": [32, 32, 3]}


@pytest.mark.parametrize("script", ["local_evaluator.py", "reference_examples.py"])
def test_client_scripts_with_data(script):
    if not (DATA / "clarifying_questions_train.csv").is_file():
        pytest.skip(f"the IGLU sample is not in {DATA}")
    out = run(HERE / "clients" / script, DATA)
    if script == "local_evaluator.py":
        assert out["episodes"] == 6 and out["tasks"] > 300 and out["is_gym_env"]
        assert out["spec"] == "IGLUGridworld-v0" and out["pov_shapes"] == [[64, 64, 3]]
        assert all(0 <= f[3] <= 1 for f in out["f1"]) and out["steps"] > 6
    else:
        assert out["run_env_obs"] == ["compass", "dialog", "inventory", "pov"]     # create_env: POV only
        assert out["vector_obs"] == ["agentPos", "compass", "dialog", "grid", "inventory"]
        assert out["dialog_is_task_chat"] and out["after_set_task"]
        assert out["visualizer"] == [[32, 32, 3], "uint8", 1]


def test_rl_baseline_wrapper_stack():
    out = run(HERE / "clients" / "rl_baseline_stack.py")
    assert out["obs_keys"] == ["agentPos", "grid", "inventory", "obs", "target_grid"]
    first = out["first_reset"]
    assert first["pos"] == [0.0, 0.0, 2.0] and first["rot"] == [0.0, 45.0]       # initialize_world's pose
    assert len(first["blocks"]) == 20 - first["inventory"][0] and all(b[1] == -1 for b in first["blocks"])
    assert len(out["returns"]) == 3
    again = run(HERE / "clients" / "rl_baseline_stack.py")
    assert again == out                                                          # deterministic


def test_workers_make_envs_by_name_and_from_pickled_constructors():
    out = run(HERE / "clients" / "workers.py")
    results = out["results"]
    base = results["name-inline"]
    assert len({r[2] for r in base}) > 1                                        # the seeds build different grids
    for key, value in results.items():                                         # spawn / fork, 1 / 2 workers
        assert value == base, key
    assert out["task_pickles"]
