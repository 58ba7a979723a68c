/**
 * The demo community a fresh, empty database is filled with (see seed.ts).
 * Pure data: every `file` and `thumbnail` names a file in demo/media/, made by
 * scripts/make-demo-media.sh (`npm run make-demo-media`). Names and places are fictional.
 */

export type DemoCategoryType = "sermon" | "music" | "podcast";
export type DemoMediaType = "sermon" | "song" | "podcast";

export interface DemoCategory {
  key: string;
  name: string;
  description: string;
  type: DemoCategoryType;
}

export interface DemoMedia {
  title: string;
  description: string;
  type: DemoMediaType;
  categoryKey: string;
  /** File name in demo/media. */
  file: string;
  /** Thumbnail file name in demo/media. */
  thumbnail: string;
  /** Speaker for sermons, artist for songs, host for podcasts. */
  artist: string;
  /** Published this many days ago; distinct values so ordering is stable. */
  daysAgo: number;
  playCount: number;
}

export interface DemoMember {
  username: string;
  displayName: string;
  email: string;
  bio: string;
  accountType: "free" | "premium";
  role: "member" | "creator" | "admin";
}

export interface DemoComment {
  /** Username of the commenter. */
  author: string;
  content: string;
  hoursAgo: number;
}

export interface DemoPost {
  /** Username of the author. */
  author: string;
  content: string;
  hoursAgo: number;
  comments: DemoComment[];
  /** Usernames. */
  likedBy: string[];
}

export interface DemoEvent {
  title: string;
  description: string;
  daysFromNow: number;
  hour: number;
  durationHours: number;
  location: string;
}

export interface DemoGroup {
  name: string;
  description: string;
  /** Usernames. */
  members: string[];
}

export interface DemoContent {
  categories: DemoCategory[];
  media: DemoMedia[];
  members: DemoMember[];
  posts: DemoPost[];
  events: DemoEvent[];
  groups: DemoGroup[];
}

const categories: DemoCategory[] = [
  {
    key: "faith-grace",
    name: "Faith & Grace",
    description: "Messages on God's undeserved kindness and the trust that grows from it.",
    type: "sermon",
  },
  {
    key: "prayer",
    name: "Prayer",
    description: "Learning to talk with God, to listen, and to wait with hope.",
    type: "sermon",
  },
  {
    key: "family",
    name: "Family",
    description: "Faith at home: marriages, parents, children and the households we build together.",
    type: "sermon",
  },
  {
    key: "bible-study",
    name: "Bible Study",
    description: "Unhurried teaching that walks through the Scriptures passage by passage.",
    type: "sermon",
  },
  {
    key: "praise",
    name: "Praise",
    description: "Bright, joyful songs for celebrating God's goodness.",
    type: "music",
  },
  {
    key: "worship",
    name: "Worship",
    description: "Slower songs for reflection, prayer and quiet devotion.",
    type: "music",
  },
  {
    key: "hymns",
    name: "Hymns",
    description: "Timeless hymns of the church in gentle new arrangements.",
    type: "music",
  },
  {
    key: "gospel",
    name: "Gospel",
    description: "Warm, rhythmic gospel music with a choir's heart.",
    type: "music",
  },
  {
    key: "daily-devotions",
    name: "Daily Devotions",
    description: "Short morning conversations to start the day with Scripture and prayer.",
    type: "podcast",
  },
  {
    key: "bible-conversations",
    name: "Bible Conversations",
    description: "Two friends open a book of the Bible and talk about what they find.",
    type: "podcast",
  },
  {
    key: "stories-of-faith",
    name: "Stories of Faith",
    description: "Members share, with permission, how God met them in hard seasons.",
    type: "podcast",
  },
];

const media: DemoMedia[] = [
  // Sermons: the three newest are short videos, the rest audio.
  {
    title: "Grace That Finds Us",
    description:
      "From the parable of the lost sheep in Luke 15: grace is not a reward for the put-together, it is God coming to find us where we are.",
    type: "sermon",
    categoryKey: "faith-grace",
    file: "sermon-01-grace-that-finds-us.mp4",
    thumbnail: "thumb-sermon-01.jpg",
    artist: "Pastor David Mensah",
    daysAgo: 2,
    playCount: 214,
  },
  {
    title: "The Quiet Place of Prayer",
    description:
      "Jesus often withdrew to lonely places to pray (Luke 5:16). A practical invitation to five unhurried minutes with the Father each day.",
    type: "sermon",
    categoryKey: "prayer",
    file: "sermon-02-the-quiet-place-of-prayer.mp4",
    thumbnail: "thumb-sermon-02.jpg",
    artist: "Naomi Asante",
    daysAgo: 9,
    playCount: 187,
  },
  {
    title: "A Home Built on Love",
    description:
      "1 Corinthians 13 was written for ordinary days: busy kitchens and tired evenings. How patience and kindness build a household that stands.",
    type: "sermon",
    categoryKey: "family",
    file: "sermon-03-a-home-built-on-love.mp4",
    thumbnail: "thumb-sermon-03.jpg",
    artist: "Pastor David Mensah",
    daysAgo: 16,
    playCount: 156,
  },
  {
    title: "Walking Through the Psalms",
    description:
      "A slow walk through Psalm 23: the Shepherd who leads and restores, the valley where prayer becomes personal, and the table waiting at the end of the road.",
    type: "sermon",
    categoryKey: "bible-study",
    file: "sermon-04-walking-through-the-psalms.mp3",
    thumbnail: "thumb-sermon-04.jpg",
    artist: "Naomi Asante",
    daysAgo: 23,
    playCount: 132,
  },
  {
    title: "Faith in the Waiting",
    description:
      "Abraham and Sarah waited twenty-five years for a promise. Encouragement from Isaiah 40:31 for anyone in a season of waiting.",
    type: "sermon",
    categoryKey: "faith-grace",
    file: "sermon-05-faith-in-the-waiting.mp3",
    thumbnail: "thumb-sermon-05.jpg",
    artist: "Elder Grace Boateng",
    daysAgo: 30,
    playCount: 241,
  },
  {
    title: "Teach Us to Pray",
    description:
      "The disciples asked Jesus to teach them one thing: how to pray. A line-by-line look at the Lord's Prayer as a pattern for everyday conversation with God.",
    type: "sermon",
    categoryKey: "prayer",
    file: "sermon-06-teach-us-to-pray.mp3",
    thumbnail: "thumb-sermon-06.jpg",
    artist: "Deacon Michael Osei",
    daysAgo: 37,
    playCount: 98,
  },

  // Worship songs (instrumental).
  {
    title: "Sunrise Praise",
    description: "A bright instrumental in C major to begin the morning with thanksgiving.",
    type: "song",
    categoryKey: "praise",
    file: "song-01-sunrise-praise.mp3",
    thumbnail: "thumb-song-01.jpg",
    artist: "Gathering Worship Band",
    daysAgo: 1,
    playCount: 342,
  },
  {
    title: "Still Waters",
    description: 'A gentle, unhurried instrumental inspired by Psalm 23: "He leads me beside still waters."',
    type: "song",
    categoryKey: "worship",
    file: "song-02-still-waters.mp3",
    thumbnail: "thumb-song-02.jpg",
    artist: "Naomi Asante",
    daysAgo: 5,
    playCount: 289,
  },
  {
    title: "Evening Hymn",
    description: "A quiet hymn setting for the close of the day, with simple chords and a soft melody.",
    type: "song",
    categoryKey: "hymns",
    file: "song-03-evening-hymn.mp3",
    thumbnail: "thumb-song-03.jpg",
    artist: "Sanctuary Choir",
    daysAgo: 8,
    playCount: 176,
  },
  {
    title: "Joy in the Harvest",
    description: "An upbeat gospel groove celebrating God's faithfulness in every season.",
    type: "song",
    categoryKey: "gospel",
    file: "song-04-joy-in-the-harvest.mp3",
    thumbnail: "thumb-song-04.jpg",
    artist: "New Hope Gospel Singers",
    daysAgo: 12,
    playCount: 221,
  },
  {
    title: "Mercy Like Rain",
    description: "A slow, reflective worship instrumental for prayer and stillness.",
    type: "song",
    categoryKey: "worship",
    file: "song-05-mercy-like-rain.mp3",
    thumbnail: "thumb-song-05.jpg",
    artist: "Naomi Asante",
    daysAgo: 15,
    playCount: 264,
  },
  {
    title: "Lift Your Voices",
    description: "A lively praise instrumental made for Sunday mornings and full rooms.",
    type: "song",
    categoryKey: "praise",
    file: "song-06-lift-your-voices.mp3",
    thumbnail: "thumb-song-06.jpg",
    artist: "Gathering Worship Band",
    daysAgo: 20,
    playCount: 198,
  },
  {
    title: "Faithful Through the Ages",
    description: "A stately hymn arrangement remembering God's faithfulness from generation to generation.",
    type: "song",
    categoryKey: "hymns",
    file: "song-07-faithful-through-the-ages.mp3",
    thumbnail: "thumb-song-07.jpg",
    artist: "Sanctuary Choir",
    daysAgo: 27,
    playCount: 143,
  },
  {
    title: "Walk in the Light",
    description: 'A warm gospel instrumental inspired by 1 John 1:7: "If we walk in the light, as he is in the light."',
    type: "song",
    categoryKey: "gospel",
    file: "song-08-walk-in-the-light.mp3",
    thumbnail: "thumb-song-08.jpg",
    artist: "New Hope Gospel Singers",
    daysAgo: 34,
    playCount: 167,
  },

  // Podcast episodes.
  {
    title: "Starting the Day with Gratitude",
    description:
      '"This is the day the Lord has made." Naomi and David share a simple practice: name three things you are thankful for before you pick up your phone.',
    type: "podcast",
    categoryKey: "daily-devotions",
    file: "podcast-01-starting-the-day-with-gratitude.mp3",
    thumbnail: "thumb-podcast-01.jpg",
    artist: "Naomi Asante & Pastor David Mensah",
    daysAgo: 3,
    playCount: 126,
  },
  {
    title: "The Story of Ruth",
    description:
      "Loyalty, kindness and a foreigner welcomed into God's story. A conversation through the book of Ruth, starting with chapter one.",
    type: "podcast",
    categoryKey: "bible-conversations",
    file: "podcast-02-the-story-of-ruth.mp3",
    thumbnail: "thumb-podcast-02.jpg",
    artist: "Naomi Asante & Pastor David Mensah",
    daysAgo: 7,
    playCount: 104,
  },
  {
    title: "From Doubt to Hope",
    description: "A member who sat in the back row for months shares how serving others helped him find hope, and a church family, again.",
    type: "podcast",
    categoryKey: "stories-of-faith",
    file: "podcast-03-from-doubt-to-hope.mp3",
    thumbnail: "thumb-podcast-03.jpg",
    artist: "Naomi Asante & Pastor David Mensah",
    daysAgo: 14,
    playCount: 91,
  },
  {
    title: "Rest for the Weary",
    description:
      '"Come to me, all you who are weary." An honest talk about tiredness and a ten-minute invitation to rest with Matthew 11:28.',
    type: "podcast",
    categoryKey: "daily-devotions",
    file: "podcast-04-rest-for-the-weary.mp3",
    thumbnail: "thumb-podcast-04.jpg",
    artist: "Naomi Asante & Pastor David Mensah",
    daysAgo: 21,
    playCount: 77,
  },
];

// Order matters to seed.ts: the first member receives the demo messages, favorites and playlist;
// the third member asks the first for prayer about a mother's surgery (see Ruth's post below).
const members: DemoMember[] = [
  {
    username: "pastordavid",
    displayName: "Pastor David Mensah",
    email: "david.mensah@example.org",
    bio: "Lead pastor. Husband, father of three, and a firm believer that every table has room for one more.",
    accountType: "free",
    role: "admin",
  },
  {
    username: "naomiasante",
    displayName: "Naomi Asante",
    email: "naomi.asante@example.org",
    bio: "Worship leader and co-host of Daily Devotions. I write songs at the kitchen table.",
    accountType: "free",
    role: "creator",
  },
  {
    username: "ruthjensen",
    displayName: "Ruth Jensen",
    email: "ruth.jensen@example.org",
    bio: "Nurse, mum of twins, and a grateful member of the prayer team.",
    accountType: "free",
    role: "member",
  },
  {
    username: "samuelokoro",
    displayName: "Samuel Okoro",
    email: "samuel.okoro@example.org",
    bio: "Church elder, retired schoolteacher, and keeper of the Sunday coffee urn.",
    accountType: "premium",
    role: "member",
  },
  {
    username: "danielreyes",
    displayName: "Daniel Reyes",
    email: "daniel.reyes@example.org",
    bio: "Youth ministry volunteer. Basketball on Fridays, Bible study on Wednesdays.",
    accountType: "free",
    role: "member",
  },
  {
    username: "miriamchen",
    displayName: "Miriam Chen",
    email: "miriam.chen@example.org",
    bio: "Choir alto and community garden volunteer, learning to trust God one season at a time.",
    accountType: "free",
    role: "member",
  },
];

const posts: DemoPost[] = [
  {
    author: "ruthjensen",
    content:
      "Prayer request: my mother goes in for heart surgery tomorrow morning. We're trusting God, but I'd be so grateful if you would hold her, and the surgical team, in your prayers.",
    hoursAgo: 3,
    comments: [
      {
        author: "pastordavid",
        content:
          "Praying for your mum, Ruth, and for steady hands in that operating room. Let us know if the family needs meals this week.",
        hoursAgo: 2,
      },
      {
        author: "miriamchen",
        content: 'Holding you both in prayer. "The Lord is near to all who call on him." Psalm 145:18',
        hoursAgo: 1,
      },
    ],
    likedBy: ["pastordavid", "miriamchen", "samuelokoro", "naomiasante"],
  },
  {
    author: "pastordavid",
    content:
      "What a Sunday! Thank you to everyone who stayed to stack chairs, wash mugs and welcome our new families. Eleven first-time guests joined us. If you met someone new, send them a note this week.",
    hoursAgo: 9,
    comments: [
      { author: "naomiasante", content: "The welcome team was wonderful. So many new faces at coffee!", hoursAgo: 8 },
      { author: "danielreyes", content: "The youth are already asking when the next potluck is.", hoursAgo: 7 },
    ],
    likedBy: ["ruthjensen", "samuelokoro", "miriamchen", "danielreyes", "naomiasante"],
  },
  {
    author: "samuelokoro",
    content:
      'This morning\'s verse on the porch: "Let us not become weary in doing good, for at the proper time we will reap a harvest if we do not give up." Galatians 6:9. For everyone serving quietly behind the scenes: it matters.',
    hoursAgo: 20,
    comments: [{ author: "ruthjensen", content: "Needed this today. Thank you, Samuel.", hoursAgo: 18 }],
    likedBy: ["ruthjensen", "pastordavid", "miriamchen"],
  },
  {
    author: "danielreyes",
    content:
      "Small testimony: six months ago I almost stopped coming to church. A few of you kept inviting me to Wednesday Bible study anyway. Last night I led the discussion for the first time. Thank you for not giving up on me.",
    hoursAgo: 30,
    comments: [
      { author: "pastordavid", content: "So proud of you, Daniel. You led with real humility and care.", hoursAgo: 28 },
      { author: "samuelokoro", content: "Best Wednesday study in a long while. Well done, young man.", hoursAgo: 27 },
      { author: "miriamchen", content: "This made my whole day!", hoursAgo: 25 },
    ],
    likedBy: ["pastordavid", "samuelokoro", "miriamchen", "naomiasante", "ruthjensen"],
  },
  {
    author: "naomiasante",
    content:
      "Our choir rehearsals are open to everyone: no audition needed. If you can hum, you can join us. The practice tracks are in the Music section, and there will be tea.",
    hoursAgo: 46,
    comments: [{ author: "miriamchen", content: "Altos reporting for duty!", hoursAgo: 44 }],
    likedBy: ["miriamchen", "danielreyes"],
  },
  {
    author: "miriamchen",
    content:
      "The community garden gave forty pounds of tomatoes and greens to the food pantry this week. Thank you to every volunteer who weeded in the heat. God makes things grow (1 Corinthians 3:7); we just bring the watering cans.",
    hoursAgo: 60,
    comments: [],
    likedBy: ["pastordavid", "ruthjensen", "samuelokoro"],
  },
  {
    author: "ruthjensen",
    content:
      "Does anyone have a spare toddler car seat? A family our church is helping to settle in arrives on Saturday with a two-year-old. Send me a message if you can help.",
    hoursAgo: 80,
    comments: [
      { author: "samuelokoro", content: "We have one in the garage, barely used. I'll bring it on Sunday.", hoursAgo: 78 },
      { author: "ruthjensen", content: "Thank you, Samuel, that's an answer to prayer!", hoursAgo: 77 },
    ],
    likedBy: ["naomiasante", "pastordavid"],
  },
  {
    author: "pastordavid",
    content:
      'A word for the week: "Come to me, all you who are weary and burdened, and I will give you rest." Matthew 11:28. If you\'re carrying something heavy, my door and my inbox are open.',
    hoursAgo: 110,
    comments: [],
    likedBy: ["ruthjensen", "danielreyes", "miriamchen", "samuelokoro"],
  },
];

const events: DemoEvent[] = [
  {
    title: "Sunday Worship Service",
    description: "Worship, prayer and the Word together, with children's church for ages 4 to 11. Everyone is welcome; coffee afterwards.",
    daysFromNow: 3,
    hour: 10,
    durationHours: 2,
    location: "Main Sanctuary",
  },
  {
    title: "Youth Night",
    description: "Games, pizza, worship and an honest conversation for students in grades 6 to 12. Bring a friend.",
    daysFromNow: 5,
    hour: 18,
    durationHours: 2,
    location: "Fellowship Hall",
  },
  {
    title: "Midweek Bible Study: Psalms",
    description: "We continue walking through the Psalms. No preparation needed; Bibles and tea provided. Join in person or online.",
    daysFromNow: 7,
    hour: 19,
    durationHours: 1,
    location: "Room 204 and online",
  },
  {
    title: "Choir Rehearsal",
    description: "Open rehearsal for Sunday's music. New voices are warmly welcome, no audition required.",
    daysFromNow: 9,
    hour: 18,
    durationHours: 2,
    location: "Choir Room",
  },
  {
    title: "Community Outreach: Food Pantry",
    description: "Sort donations, pack grocery bags and welcome neighbours at the monthly food pantry. Volunteers of all ages welcome.",
    daysFromNow: 12,
    hour: 9,
    durationHours: 3,
    location: "Church Annex",
  },
];

const groups: DemoGroup[] = [
  {
    name: "Prayer Warriors",
    description: "We pray together for every request shared with the church, and meet on Tuesday evenings to pray in person.",
    members: ["pastordavid", "ruthjensen", "samuelokoro", "miriamchen"],
  },
  {
    name: "Youth Ministry",
    description: "Leaders and volunteers planning Youth Night, retreats and mentoring for our students.",
    members: ["pastordavid", "danielreyes", "naomiasante"],
  },
  {
    name: "Bible Study Fellowship",
    description: "Wednesday night study, one book at a time. Questions welcome, no experience needed.",
    members: ["samuelokoro", "miriamchen", "ruthjensen", "danielreyes", "pastordavid"],
  },
];

export const demoContent: DemoContent = { categories, media, members, posts, events, groups };
