"""The drop-in's public surface beyond the environment's dynamics (those are pinned by
test_gridworld_traces.py): the reference gridworld package's modules, names, defaults, dtypes,
return types, exceptions and quirks, module by module, in the process *without* gym (gym is not
installed here; test_gridworld_gym.py runs the same package with a test double of gym)."""
import pickle
import warnings

import numpy as np
import pytest

import iglu
import iglu.gridworld as gridworld
from iglu.gridworld import GridWorld, create_env
from iglu.gridworld.env import SizeReward, Wrapper
from iglu.gridworld.tasks import DUMMY_TASK, CustomTasks, RandomTasks, Subtasks, Task, Tasks

TOWER = [(0, -1, 0, 1), (0, 0, 0, 1), (0, 1, 0, 2)]          # three blocks at the centre


def tower_task(start=None, **kw):
    return Task("<Architect> build a tower", Tasks.to_dense(TOWER), starting_grid=start, **kw)


def test_modules_and_names():
    import iglu.gridworld.data as data
    import iglu.gridworld.env as env_module
    import iglu.gridworld.tasks.task_set as task_set
    import iglu.gridworld.visualizer as visualizer
    import iglu.gridworld.wrappers as wrappers
    for name in ("IGLUDataset", "SingleTurnIGLUDataset", "CDMDataset"):
        assert hasattr(data, name)
    for name in ("GridWorld", "Wrapper", "SizeReward", "create_env", "String"):
        assert hasattr(env_module, name)
    assert task_set.DUMMY_TASK is DUMMY_TASK
    assert hasattr(wrappers, "Actions") and hasattr(wrappers, "Logged") and hasattr(wrappers, "debug")
    assert hasattr(visualizer, "Visualizer")
    from iglu.gridworld.utils import BUILD_ZONE_SIZE, RED, YELLOW
    assert BUILD_ZONE_SIZE == (9, 11, 11) and (RED, YELLOW) == (3, 6)
    assert gridworld.GridWorld is GridWorld


# -- Tasks -----------------------------------------------------------------------------------
def test_to_dense_passes_arrays_and_none_and_returns_int64():
    g = Tasks.to_dense(TOWER)
    assert g.dtype == np.int64 and g.shape == (9, 11, 11)
    assert g[0, 5, 5] == 1 and g[2, 5, 5] == 2
    assert Tasks.to_dense(g) is g
    assert Tasks.to_dense(None) is None
    assert Tasks.to_dense([]).sum() == 0
    for bad in ([(0, 0, 0, 1), (6, 0, 0, 1)], [(0, 0, 0, 1), (0, 0, 1)], [(0, 0, 0, 1), ("a", 0, 0, 1)],
                [(0, 0, 0, 1), (float("nan"), 0, 0, 1)], [(0, 0, 0, 1), (0, -2, 0, 1)]):
        with pytest.raises(ValueError, match=r"blocks\[1\]"):
            Tasks.to_dense(bad)


def test_to_sparse_reproduces_reference_coordinate_order():
    blocks = [(2, 3, -4, 5)]
    assert Tasks.to_sparse(blocks) is blocks                    # lists pass through
    dense = Tasks.to_dense(blocks)
    # The reference returns (i0 - 5, i1 - 1, i2 - 5, colour) of the [y+1, x+5, z+5] indices.
    (b,) = Tasks.to_sparse(dense)
    assert tuple(int(v) for v in b) == (3 + 1 - 5, 2 + 5 - 1, -4, 5)
    assert iglu.to_sparse(dense) == [(2, 3, -4, 5)]             # the real blocks
    two = Tasks.to_dense([(1, 0, 0, 1), (0, 2, 0, 2)])
    assert [tuple(int(v) for v in b) for b in Tasks.to_sparse(two)] == [(-4, 5, 0, 1), (-2, 4, 0, 2)]  # nonzero() order


def test_task_reset_returns_task_and_counts_starting_grid():
    start = [(0, -1, 0, 1), (3, -1, 3, 4)]
    t = tower_task(start)
    assert t.reset() is t
    assert t.max_int == 1 and t.prev_grid_size == 2             # reference: max over the start, len(start)
    assert tower_task().reset().max_int == 0
    assert len(t) == 1 and list(t) == [t]
    assert t.target_size == 3 and t.full_size == 3
    assert repr(Task("", np.zeros((9, 11, 11)), last_instruction="x" * 25)) == "Task(instruction=" + "x" * 20 + "...)"


def test_task_accepts_negative_cells_removal_task():
    start = Tasks.to_dense([(0, -1, 0, 3), (1, -1, 0, 3)])
    target = Tasks.to_dense([(0, -1, 0, 3)])
    diff = Task("", target - start)                             # the evaluator's synthetic task
    assert diff.target_size == 1
    built = Tasks.to_dense([(0, -1, 0, 3)]) - start             # the block at x=1 removed
    assert diff.maximal_intersection(built) == 1
    assert diff.get_intersection(built, *diff.argmax_intersection(built)) == 1
    with pytest.raises(ValueError, match="target_grid: cell"):
        Task("", np.full((9, 11, 11), 9))


def test_admissible_target_grids_full_size():
    t = tower_task()
    assert len(t.target_grids) == 4 and t.target_grids[0] is t.target_grid
    assert all(int((g != 0).sum()) == 3 for g in t.target_grids)
    assert len(t.admissible) == 4 and (0, 0) in t.admissible[0]
    assert len(t.admissible[0]) == 11 * 11                      # one column: every shift keeps it in the zone
    full = Tasks.to_dense(TOWER + [(5, -1, 5, 1)])
    tf = tower_task(full_grid=full)
    assert tf.full_size == 4 and len(tf.admissible[0]) < len(t.admissible[0])
    assert Task("", Tasks.to_dense(TOWER), invariant=False).admissible == [[(0, 0)]]


def test_step_intersection_sequence():
    t = tower_task().reset()
    grid = np.zeros((9, 11, 11), np.int32)
    results = []
    for b in TOWER:
        grid[b[1] + 1, b[0] + 5, b[2] + 5] = b[3]
        results.append(t.step_intersection(grid))
    assert results == [(1, -1, False), (1, -1, False), (1, -1, True)]


def test_subtasks_chain_and_progressive():
    seq = [[(0, -1, 0, 1)], [(0, -1, 0, 1), (0, 0, 0, 1)], [(0, -1, 0, 1), (0, 0, 0, 1), (0, 1, 0, 2)]]
    s = Subtasks([["<Architect> one"], ["<Architect> two"], ["<Architect> three"]], seq)
    assert len(s) == 3
    tasks = list(s)
    assert [len(t.starting_grid) for t in tasks] == [0, 1, 2]
    assert tasks[2].chat == "<Architect> one\n<Architect> two\n<Architect> three"
    assert tasks[1].last_instruction == "<Architect> two" and tasks[1].full_size == 3
    s.next = 0
    t = s.reset()
    assert (s.task_start, s.task_goal) == (0, 1) and s.target_grid is t.target_grid  # attributes read through
    grid = Tasks.to_dense(seq[1]).astype(np.int32)
    _, _, done = s.step_intersection(grid)                     # turn 1 complete: the goal moves on
    assert s.task_goal == 2 and not done


def test_custom_random_dummy_tasks():
    assert len(DUMMY_TASK) == 1 and DUMMY_TASK.target_grid[8, 10, 10] == 1
    assert DUMMY_TASK.admissible == [[(0, 0)]]
    c = CustomTasks([("a", TOWER), ("b", Tasks.to_dense([(1, 0, 1, 3)]))])
    assert len(c) == 2 and isinstance(c.reset(), Task) and c.chat in ("a", "b")
    assert sorted(t.chat for t in c) == ["a", "b"]
    np.random.seed(3)
    r = RandomTasks(max_blocks=3, max_cache=2)
    assert len(r) == 2 and isinstance(r.current, Task) and r.current.target_size == 3
    np.random.seed(3)
    r2 = RandomTasks(max_blocks=3, max_cache=2)
    assert [t.target_grid.tolist() for t in r.tasks.values()] == [t.target_grid.tolist() for t in r2.tasks.values()]
    assert repr(r).startswith("RandomTasks(max_blocks=3")


# -- GridWorld -------------------------------------------------------------------------------
def test_set_task_resets_and_step_follows():
    env = GridWorld(render=False, discretize=True)
    with pytest.raises(ValueError, match="Task is not initialized"):
        env.step(0)
    with pytest.raises(ValueError, match="Task is not initialized"):
        env.reset()
    env.set_task(tower_task())
    obs, reward, done, info = env.step(0)                       # no reset needed: set_task reset
    assert env.step_no == 1 and info == {} and not done
    assert env.unwrapped is env and env.spec is None
    assert env.right_placement == 0 and env.wrong_placement == 0


def test_rewards_int_for_int_scales():
    # Looking 30 degrees down from the start pose, a place (17) puts a block at (0, -1, -2).
    def rewards(target, **scales):
        env = GridWorld(render=False, discretize=True, **scales)
        env.set_task(Task("", Tasks.to_dense([target])))
        return [env.step(a)[1] for a in [14] * 6 + [17, 16]][-3:]
    right = rewards((0, -1, -2, 1), right_placement_scale=1, wrong_placement_scale=0.1)
    assert right == [0.0, 1, -1] and [type(r) for r in right] == [float, int, int]   # reference: right * 1
    wrong = rewards((3, -1, 3, 2), right_placement_scale=1, wrong_placement_scale=0.1)
    assert wrong == [0.0, -0.1, 0.1] and all(type(r) is float for r in wrong)        # wrong * 0.1
    ints = rewards((3, -1, 3, 2), right_placement_scale=1, wrong_placement_scale=0)
    assert ints == [0, 0, 0] and all(type(r) is int for r in ints)
    floats = rewards((0, -1, -2, 1))                                                  # GridWorld's 1.0 / 0.1
    assert floats == [0.0, 1.0, -1.0] and all(type(r) is float for r in floats)


def test_observation_space_bounds_and_vector_state_false():
    env = GridWorld(render=True, discretize=True, vector_state=False)
    space = env.observation_space
    assert set(space.keys()) == {"inventory", "compass", "dialog", "pov"}
    env.set_task(tower_task())
    obs = env.reset()
    assert set(obs) == {"inventory", "compass", "dialog", "pov"} and obs["pov"].shape == (64, 64, 3)
    obs, *_ = env.step(1)
    assert set(obs) == {"inventory", "compass", "dialog", "pov"}
    full = GridWorld(render=False).observation_space
    assert full["agentPos"].low.tolist() == [-8, -2, -8, -90, 0] and full["agentPos"].high.tolist() == [8, 12, 8, 90, 360]
    assert full["grid"].low.min() == -1 and full["grid"].high.max() == 7 and full["grid"].dtype == np.int32


def test_render_is_rgba_and_needs_render_true():
    env = GridWorld(render=True, discretize=True)
    env.set_task(tower_task())
    obs = env.reset()
    frame = env.render()
    assert frame.shape == (64, 64, 4) and frame.dtype == np.uint8 and (frame[..., 3] == 255).all()
    assert np.array_equal(frame[..., :-1], obs["pov"])
    off = GridWorld(render=False, discretize=True)
    off.set_task(tower_task())
    with pytest.raises(ValueError, match="create env with render=True"):
        off.render()
    off.enable_renderer()                                       # pov from the next step on
    assert off.step(0)[0]["pov"].shape == (64, 64, 3) and off.render().shape == (64, 64, 4)
    wide = GridWorld(render=True, discretize=True, render_size=(80, 48))   # (width, height), as the reference
    wide.set_task(tower_task())
    assert wide.reset()["pov"].shape == (48, 80, 3) and wide.render().shape == (48, 80, 4)
    assert wide.step(0)[0]["pov"].shape == (48, 80, 3) and wide.observation_space["pov"].shape == (80, 48, 3)
    obs = wide.step(0)[0]
    assert np.array_equal(wide.render()[..., :-1], obs["pov"])


def test_initialize_world_task_generator_agent_world():
    env = GridWorld(render=False, discretize=True)
    env.set_task(tower_task())
    with warnings.catch_warnings(record=True):
        warnings.simplefilter("always")
        env.initialize_world([(0, -1, 0, 1), (2, -1, 2, 5)], (1, 0, 1, 90, 0))
    assert env.position == (1, 0, 1) and env.rotation == (90, 0)
    assert env.world.placed == {(0, -1, 0), (2, -1, 2)} and env.starting_grid == [(0, -1, 0, 1), (2, -1, 2, 5)]
    assert env.agent.inventory == [19, 20, 20, 20, 19, 20] and env.max_int == 1
    env.deinitialize_world()
    assert env.position == (0, 0, 0) and env.world.placed == set()
    env.set_task_generator(CustomTasks([("a", TOWER), ("b", [(1, 0, 1, 3)])]))
    seen = set()
    for _ in range(20):
        env.reset()
        seen.add(env.reset()["dialog"])
    assert seen == {"a", "b"}                                   # a new task per reset
    env.agent.position = (2, 0, 2)
    assert env.position == (2, 0, 2)


def test_set_task_accepts_task_collections():
    env = GridWorld(render=False, discretize=True)
    env.set_task(DUMMY_TASK)
    assert env.reset()["dialog"] == "" and env.task is DUMMY_TASK


def test_create_env_defaults_size_reward_flying():
    env = create_env(render=False)
    assert isinstance(env, SizeReward) and isinstance(env, Wrapper)
    gw = env.unwrapped
    assert isinstance(gw, GridWorld) and gw.vector_state is False and gw.select_and_place and gw.discretize
    assert env.action_space.n == 18
    start = [(0, -1, 0, 1)]
    env.set_task(tower_task(start))
    obs = env.reset()
    assert "grid" not in obs
    rewards = [env.step(0)[1] for _ in range(3)]
    # The reference's SizeReward: env.max_int (set at reset) on the first step, then 0.0.
    assert rewards == [1.0, 0.0, 0.0] and all(type(r) is float for r in rewards)
    fly = create_env(render=False, action_space="flying", size_reward=False, vector_state=True)
    assert set(fly.action_space.keys()) == {"movement", "camera", "inventory", "placement"}
    fly.set_task(tower_task())
    fly.step({"movement": np.zeros(3), "camera": np.zeros(2), "inventory": 0, "placement": 0})


def test_wrappers_actions_and_visualizer():
    from iglu.gridworld.visualizer import Visualizer
    from iglu.gridworld.wrappers import Actions
    env = Actions(GridWorld(render=False, discretize=True))
    assert env.action_space.n == 17
    env.set_task(tower_task())
    assert env.step(16)[0]["grid"].shape == (9, 11, 11)
    v = Visualizer(render_size=(32, 32))
    img = v.render(position=(0, 2, 4), rotation=(0, 30), blocks=[(0, 0, 0, 1)])
    assert img.shape == (32, 32, 3) and v.blocks == {(0, -1, 0): 1}  # the reference places y - 1


def test_tasks_pickle_round_trip():
    t = tower_task([(0, -1, 0, 1)])
    _ = t.admissible
    u = pickle.loads(pickle.dumps(t))
    assert np.array_equal(u.target_grid, t.target_grid) and u.admissible == t.admissible


def test_admissible_agrees_with_the_core_search():
    # Task.admissible (the reference's table, built in Python) against the core's maximal
    # intersection: the best get_intersection over the listed shifts is the core's value.
    rng = np.random.default_rng(4)
    for i in range(30):
        target = np.zeros((9, 11, 11), np.int64)
        n = int(rng.integers(1, 8))
        target[rng.integers(0, 3, n), rng.integers(2, 9, n), rng.integers(0, 11, n)] = rng.integers(1, 7, n)
        full = None
        if i % 3 == 0:
            full = target.copy()
            full[0, rng.integers(0, 11), rng.integers(0, 11)] = 1
        task = Task("", target, full_grid=full)
        built = np.where(rng.random((9, 11, 11)) < 0.3, rng.integers(1, 7, (9, 11, 11)), 0)
        best = max(task.get_intersection(built, dx, dz, rot) for rot, shifts in enumerate(task.admissible) for dx, dz in shifts)
        assert best == task.maximal_intersection(built), i
        assert task.get_intersection(built, *task.argmax_intersection(built)) == best


def test_a_subclass_overriding_step_is_called():
    class Counting(GridWorld):
        calls = 0

        def step(self, action):
            Counting.calls += 1
            return super().step(action)
    env = Counting(render=False, discretize=True)
    env.set_task(tower_task())
    for _ in range(3):
        env.step(0)
    assert Counting.calls == 3 and env.step_no == 3
