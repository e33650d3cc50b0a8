"""The engine core: chance, decisions, the runner, save/load, money, cards, tracks, content."""
