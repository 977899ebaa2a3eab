"""iglu.Env / iglu.VectorEnv with gymnasium importable: gymnasium classes, gymnasium.spaces, the
registered id. gymnasium is not a Debian package and cannot be installed here: a child process
gets a TEST-ONLY DOUBLE (doubles/gymnasium) on PYTHONPATH unless the real package is importable.
Without it (this process) the classes are iglu.spaces' own (test_env.py, test_vector_env.py)."""
import json
import os
import pathlib
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent

CHILD = """
import json
import numpy as np
import gymnasium
import iglu
from iglu.gridworld import Task, Tasks
tasks = [Task('a', Tasks.to_dense([(0, -1, 0, 1)]), task_id='t0')]
env = gymnasium.make('iglu/IGLU-v0', tasks=tasks, discretize=True)
obs, info = env.reset(seed=1)
step = env.step(3)
venv = iglu.VectorEnv(tasks, num_envs=3, seed=0, discretize=True)
vobs, _ = venv.reset()
vstep = venv.step(np.array([1, 2, 3]))
venv2 = iglu.VectorEnv(tasks, num_envs=2, seed=0, action_space='flying')
print(json.dumps({
  'env': isinstance(env, gymnasium.Env), 'spec': env.spec.id,
  'spaces': [type(env.action_space).__module__, type(env.observation_space).__module__,
             all(isinstance(s, gymnasium.spaces.Space) for s in env.observation_space.spaces.values())],
  'contains': bool(env.observation_space['grid'].contains(obs['grid'])),
  'dialog': bool(env.observation_space['dialog'].contains(obs['dialog'])) and obs['dialog'] == 'a',
  'step': [len(step), bool(step[2]) or bool(step[3]) or True],
  'venv': [isinstance(venv, gymnasium.vector.VectorEnv), type(venv.action_space).__module__, list(venv.action_space.shape),
           list(venv.observation_space['grid'].shape), list(vstep[1].shape)],
  'venv_flying': [list(venv2.action_space['movement'].shape), list(venv2.action_space['inventory'].shape)],
}))
"""


def test_env_and_vector_env_are_gymnasium_classes():
    env = dict(os.environ)
    paths = [os.path.abspath(p) for p in env.get("PYTHONPATH", "").split(os.pathsep) if p]
    try:
        import gymnasium  # noqa: F401
    except ImportError:
        paths.append(str(HERE / "doubles"))
    env["PYTHONPATH"] = os.pathsep.join(paths)
    proc = subprocess.run([sys.executable, "-c", CHILD], capture_output=True, text=True, timeout=300, env=env, cwd=HERE)
    assert proc.returncode == 0, proc.stderr[-3000:]
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    assert out["env"] and out["spec"] == "iglu/IGLU-v0"
    assert out["spaces"][0].startswith("gymnasium.spaces") and out["spaces"][1].startswith("gymnasium.spaces") and out["spaces"][2]
    assert out["contains"] and out["dialog"] and out["step"][0] == 5
    assert out["venv"][0] and out["venv"][1].startswith("gymnasium.spaces")
    assert out["venv"][2:] == [[3], [3, 9, 11, 11], [3]]
    assert out["venv_flying"] == [[2, 3], [2]]


def test_without_gymnasium_the_classes_are_iglu_spaces():
    import iglu
    from iglu import spaces
    from iglu.gridworld import Task, Tasks
    env = iglu.Env([Task("a", Tasks.to_dense([(0, -1, 0, 1)]))], discretize=True)
    assert isinstance(env.action_space, spaces.Discrete) and isinstance(env.observation_space, spaces.Dict)
    venv = iglu.VectorEnv([Task("a", Tasks.to_dense([(0, -1, 0, 1)]))], num_envs=2, discretize=True)
    assert isinstance(venv.action_space, spaces.Box) and venv.action_space.shape == (2,)
    obs, _ = venv.reset()
    assert obs["dialog"].dtype == object and obs["dialog"].shape == (2,) and list(obs["dialog"]) == ["a", "a"]
