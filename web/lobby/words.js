// @ts-check
/**
 * The words of a player's mark (web/lobby/mark.js): 256 adjectives and 256 animals or things, so that one byte picks
 * each. Short, plain and kind to whoever gets them; no two words (in either list, or across the two) share their
 * first four letters, or a shorter word's whole self, so that a mark read aloud or half remembered names one pair.
 * The order is part of every mark already shown: never reorder, remove or replace a word (tests/units hold the
 * lists' sizes and a few marks).
 */

/** @type {readonly string[]} */
export const ADJECTIVES = Object.freeze([
  "able", "agile", "airy", "alert", "amber", "ample", "artful", "awake", "azure", "balmy", "bare", "basic", "beige",
  "blond", "blue", "bold", "brave", "breezy", "brief", "bright", "brisk", "broad", "bronze", "brown", "bubbly",
  "bumpy", "busy", "calm", "candid", "casual", "cheery", "chilly", "civil", "clean", "clever", "cloudy", "coastal",
  "cocoa", "cold", "comfy", "cool", "copper", "coral", "cosy", "crafty", "creamy", "crisp", "curly", "cute",
  "daily", "dainty", "dapper", "daring", "dashing", "deep", "dewy", "downy", "dreamy", "dry", "dusty", "eager",
  "early", "earthy", "easy", "elfin", "epic", "even", "exact", "fair", "famous", "fancy", "fast", "fearless",
  "festive", "fiery", "fine", "first", "floral", "fluffy", "flying", "foamy", "fond", "free", "fresh", "frilly",
  "frosty", "full", "fuzzy", "gentle", "giant", "gifted", "gilded", "glad", "gleeful", "glossy", "golden", "good",
  "graceful", "grand", "grassy", "gray", "great", "green", "handy", "happy", "hardy", "hazel", "hazy", "hearty",
  "helpful", "hilly", "honest", "hopeful", "humble", "icy", "ideal", "inky", "ivory", "jade", "jazzy", "jolly",
  "jovial", "joyful", "juicy", "jumbo", "keen", "kind", "large", "lavish", "leafy", "level", "light", "lilac",
  "lively", "local", "lofty", "long", "loud", "lovely", "loyal", "lucky", "lunar", "lush", "magic", "mellow",
  "merry", "mighty", "mild", "minty", "misty", "modern", "mossy", "musical", "navy", "neat", "nimble", "noble",
  "novel", "nutty", "oaken", "olive", "open", "orange", "patient", "peachy", "pearly", "perky", "pink", "placid",
  "plain", "plucky", "plush", "poised", "polar", "polite", "proud", "pure", "purple", "quick", "quiet", "quirky",
  "rapid", "rare", "ready", "regal", "rich", "rosy", "round", "royal", "ruby", "rustic", "sandy", "satin", "scenic",
  "secret", "serene", "shady", "sharp", "shiny", "silent", "silky", "silver", "simple", "sleek", "slim", "smart",
  "smooth", "snowy", "snug", "soft", "solar", "solid", "sonic", "sound", "spicy", "spry", "steady", "stone",
  "stormy", "sturdy", "sunny", "super", "sweet", "swift", "tall", "tangy", "tawny", "teal", "tender", "tidy",
  "tiny", "topaz", "tranquil", "tropic", "true", "trusty", "tuned", "upbeat", "urban", "useful", "valid", "vast",
  "velvet", "vivid", "vocal", "warm", "wavy", "wealthy", "wild", "windy", "wise", "witty", "woolly", "young",
  "zesty", "zippy",
]);

/** @type {readonly string[]} */
export const THINGS = Object.freeze([
  "acorn", "alpaca", "anchor", "antelope", "apple", "apron", "arrow", "atlas", "badger", "bagel", "bamboo", "banjo",
  "barn", "beacon", "bear", "beaver", "bee", "bell", "biscuit", "bison", "blossom", "boat", "bobcat", "bongo",
  "bottle", "bread", "brook", "bucket", "buffalo", "bunny", "butter", "cabin", "cactus", "camel", "canoe", "canyon",
  "caramel", "carrot", "castle", "cat", "cedar", "cello", "cherry", "chess", "chick", "citrus", "cliff", "clock",
  "clover", "comet", "compass", "condor", "cookie", "cotton", "cougar", "coyote", "crab", "crane", "cricket",
  "crow", "cup", "dahlia", "daisy", "deer", "dolphin", "dove", "dragon", "drum", "duck", "dune", "eagle", "echo",
  "elk", "elm", "ember", "falcon", "feather", "fern", "ferret", "fiddle", "fig", "finch", "fjord", "flute", "fox",
  "frog", "galaxy", "garden", "gazelle", "gecko", "geyser", "ginger", "giraffe", "glacier", "globe", "goat",
  "gondola", "goose", "gopher", "grape", "guitar", "gull", "hamster", "hare", "harp", "harvest", "hawk", "hedgehog",
  "heron", "hippo", "horse", "husky", "ibex", "iguana", "iris", "island", "ivy", "jaguar", "jasmine", "jay",
  "jelly", "juniper", "kayak", "kazoo", "kelp", "kettle", "kite", "kitten", "kiwi", "koala", "ladder", "lagoon",
  "lamb", "lamp", "lantern", "lark", "lemon", "lemur", "leopard", "lily", "lion", "lizard", "llama", "lobster",
  "locket", "lotus", "lynx", "macaw", "magpie", "mallard", "mango", "maple", "marble", "meadow", "meerkat", "melon",
  "minnow", "mitten", "moose", "mosaic", "moth", "mouse", "muffin", "narwhal", "nectar", "nest", "newt", "nutmeg",
  "oasis", "ocelot", "octopus", "orca", "orchid", "oriole", "osprey", "otter", "owl", "oyster", "paddle", "panda",
  "panther", "papaya", "parrot", "pasta", "pebble", "pecan", "pelican", "penguin", "pepper", "piano", "pigeon",
  "pillow", "pine", "planet", "plum", "pony", "poppy", "puffin", "puma", "pumpkin", "puzzle", "quail", "quill",
  "quokka", "rabbit", "raccoon", "raven", "rhino", "ribbon", "river", "robin", "rose", "saffron", "sail", "salmon",
  "sardine", "scone", "seal", "sheep", "shell", "snail", "sorbet", "sparrow", "spoon", "spruce", "summit", "swan",
  "tapir", "teapot", "thistle", "tiger", "toffee", "tomato", "tortoise", "toucan", "trout", "trumpet", "tulip",
  "tuna", "tundra", "turtle", "umbrella", "unicorn", "viola", "vole", "waffle", "wagon", "walnut", "walrus",
  "whale", "willow", "wombat", "wren", "yak", "yogurt", "zebra",
]);
