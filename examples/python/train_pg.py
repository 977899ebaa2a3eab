#!/usr/bin/env python3
"""A small policy-gradient (REINFORCE with a value baseline) agent trained on iglu.VectorEnv with
PyTorch (Debian: python3-torch; optional, not needed by anything else), whose evaluation
episodes are recorded into the catalog so they can be inspected in the workbench.

    iglu import singleturn examples/data/iglu-singleturn --db iglu.db
    PYTHONPATH=build/release/python python3 examples/python/train_pg.py --db iglu.db --filter "limit:8"
    iglu experiments show pg-eval --db iglu.db      # or the workbench's Experiments dock / Playback
    iglu experiments scalars --db iglu.db --run pg-eval   # the training curves (the dock's Curves tab)

The policy sees where target blocks are missing and built blocks are wrong, the colours still
missing, its pose and inventory; 18 discrete walking actions. It is a demonstration of the workflow, not a strong agent.
Each update logs its loss, entropy, mean reward per step and mean F1 (Catalog.log_scalars) under the
experiment's name: the workbench draws them live in the Experiments dock's Curves tab.
"""
import argparse
import time

import numpy as np

import iglu

torch = nn = None  # imported by main() after the arguments are read: --help works without PyTorch


def import_torch():
    global torch, nn
    try:
        import torch as torch_module
        from torch import nn as nn_module
    except ImportError:  # pragma: no cover
        raise SystemExit("this example needs PyTorch: apt install python3-torch")
    torch, nn = torch_module, nn_module


def features(obs):
    """(N, F) float32: where target blocks are missing and where built blocks are wrong (one value
    per cell each), the colours still missing (6), pose and inventory. The observation arrays are
    read-only views, so they are copied into tensors."""
    n = len(obs["grid"])
    grid = torch.from_numpy(np.array(obs["grid"], dtype=np.int64).reshape(n, -1))
    target = torch.from_numpy(np.array(obs["target_grid"], dtype=np.int64).reshape(n, -1))
    wrong_cell = grid != target
    missing = (wrong_cell & (target > 0)).float()
    wrong = (wrong_cell & (grid > 0)).float()
    colours = torch.stack([(missing * (target == c)).sum(1) for c in range(1, 7)], dim=1) / 10.0
    pos = torch.from_numpy(np.array(obs["agentPos"])) / torch.tensor([5.0, 5.0, 5.0, 90.0, 360.0])
    inv = torch.from_numpy(np.array(obs["inventory"])) / 20.0
    return torch.cat([missing, wrong, colours, pos, inv], dim=1)


def Policy(n_in, n_actions=18, hidden=256):
    """The actor-critic network: a shared body, action logits and a value."""
    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.body = nn.Sequential(nn.Linear(n_in, hidden), nn.ReLU(), nn.Linear(hidden, hidden), nn.ReLU())
            self.pi = nn.Linear(hidden, n_actions)
            self.v = nn.Linear(hidden, 1)

        def forward(self, x):
            h = self.body(x)
            return self.pi(h), self.v(h).squeeze(-1)
    return Net()


def train(tasks, args, cat):
    venv = iglu.VectorEnv(tasks, num_envs=args.envs, seed=args.seed, discretize=True, max_steps=args.max_steps,
                          target_in_obs=True)
    obs, _ = venv.reset()
    policy = Policy(features(obs).shape[1])
    opt = torch.optim.Adam(policy.parameters(), lr=args.lr)
    start, steps = time.time(), 0
    for update in range(args.updates):
        logps, values, rewards, masks, entropies = [], [], [], [], []
        for _ in range(args.horizon):
            logits, value = policy(features(obs))
            dist = torch.distributions.Categorical(logits=logits)
            action = dist.sample()
            obs, reward, terminated, truncated, info = venv.step(action.numpy())
            logps.append(dist.log_prob(action))
            values.append(value)
            entropies.append(dist.entropy())
            rewards.append(torch.as_tensor(reward, dtype=torch.float32))
            masks.append(torch.as_tensor(~(terminated | truncated), dtype=torch.float32))
            steps += args.envs
        with torch.no_grad():
            _, ret = policy(features(obs))
        returns = []
        for r, m in zip(reversed(rewards), reversed(masks)):
            ret = r + args.gamma * ret * m
            returns.append(ret)
        returns = torch.stack(returns[::-1])
        values, logps, entropies = torch.stack(values), torch.stack(logps), torch.stack(entropies)
        adv = returns - values.detach()
        loss = -(logps * adv).mean() + 0.5 * (returns - values).pow(2).mean() - args.entropy * entropies.mean()
        opt.zero_grad()
        loss.backward()
        nn.utils.clip_grad_norm_(policy.parameters(), 0.5)
        opt.step()
        # The training curves, one point per update (stored at once: the workbench redraws them).
        cat.log_scalars(args.experiment, update, {"train/loss": loss.item(), "train/entropy": entropies.mean().item(),
                                                  "train/reward_per_step": torch.stack(rewards).mean().item(),
                                                  "train/f1": float(info["f1"].mean())})
        if update % 10 == 0 or update == args.updates - 1:
            print(f"update {update:4d}: {steps:,} steps, {steps / (time.time() - start):,.0f} steps/s, "
                  f"mean reward/step {torch.stack(rewards).mean():+.4f}, mean F1 now {info['f1'].mean():.3f}")
    return policy


def evaluate(policy, cat, tasks, args):
    env = iglu.Env(tasks, discretize=True, max_steps=args.max_steps, target_in_obs=True, record=True,
                   reset_clears_agent_state=True)  # one env, many recorded episodes: each starts fresh
    with cat.experiment(args.experiment, agent="examples/python/train_pg.py", env=env) as run:
        for i in range(len(tasks)):
            for seed in range(args.eval_seeds):
                obs, _ = env.reset(seed=seed, options={"task": i})
                torch.manual_seed(seed)
                while True:
                    batched = {k: v[None] for k, v in obs.items() if k != "dialog"}
                    with torch.no_grad():
                        logits, _ = policy(features(batched))
                    a = int(torch.distributions.Categorical(logits=logits).sample())
                    obs, _, term, trunc, _ = env.step(a)
                    if term or trunc:
                        break
                e = run.add(env, seed=seed)
                print(f"eval {e.task_id} seed {seed}: F1 {e.f1:.2f}, return {e.total_return:+.1f}")


def main():
    ap = argparse.ArgumentParser(description="policy gradient on iglu.VectorEnv")
    ap.add_argument("--db", required=True)
    ap.add_argument("--filter", default="limit:8")
    ap.add_argument("--experiment", default="pg-eval")
    ap.add_argument("--envs", type=int, default=64)
    ap.add_argument("--updates", type=int, default=100)
    ap.add_argument("--horizon", type=int, default=32)
    ap.add_argument("--max-steps", type=int, default=100)
    ap.add_argument("--lr", type=float, default=3e-4)
    ap.add_argument("--gamma", type=float, default=0.99)
    ap.add_argument("--entropy", type=float, default=0.01)
    ap.add_argument("--eval-seeds", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    import_torch()
    torch.manual_seed(args.seed)
    cat = iglu.Catalog(args.db)  # an existing catalog: a mistyped path is an error
    tasks = cat.tasks(args.filter)
    if not tasks:
        raise SystemExit(f"no task in {args.db} matches '{args.filter}'")
    policy = train(tasks, args, cat)
    evaluate(policy, cat, tasks, args)
    print(f"stored: iglu experiments show {args.experiment} --db {args.db}")


if __name__ == "__main__":
    main()
