"""Meeting opponents one does not know yet, over public Nostr relays: the lobby's checking core.

Everything a device takes from a relay passes through here before the page shows it: the event's NIP-01
shape, id and BIP-340 signature (`nostr`), the invitation, accept and result it carries (`events`), the flood
limits and the block list, the open invitations and the ratings that verified results give (`state`,
`ratings`). The page keeps the keys, signs with nostr-tools and talks to the relays; the worker's methods
(`backgammon.lobby.methods`) hand it what was checked. docs/lobby-events.md describes the events.
"""
