"""The compile server: `atomc` commands forked from a process that imported the
compiler once (client.py is the `atomc` entry point, server.py `atomc-server`)."""
