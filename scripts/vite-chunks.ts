/**
 * How the web build groups modules into files. Left alone, the bundler emits one file per icon and per small
 * shared module: the home page needed 39 scripts, each a round trip on a phone. React, which every page runs,
 * gets a file of its own that stays cached across releases.
 */
export const chunkGroups = [{ name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 20 }];
