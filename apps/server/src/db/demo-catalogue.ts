import type { CategorySlug } from '@furrow/domain/categories';

/** The demo marketplace: farms around Portland, Oregon and Austin, Texas, and what they grow. */

export interface DemoFarm {
  slug: string;
  name: string;
  farmer: { firstName: string; lastName: string };
  description: string;
  addressLine: string;
  city: string;
  region: string;
  postalCode: string;
  lat: number;
  lng: number;
  delivery: boolean;
  featured: boolean;
  /** Set for the one farm the demo admin has suspended, with the reason the owner was given. */
  suspendedReason?: string;
  /** Categories the farm sells, in the order it lists them. */
  grows: CategorySlug[];
}

export interface DemoProduct {
  name: string;
  unit: string;
  priceCents: number;
  description: string;
}

export const demoFarms: DemoFarm[] = [
  {
    slug: 'sauvie-island-greens',
    name: 'Sauvie Island Greens',
    farmer: { firstName: 'Maya', lastName: 'Lindqvist' },
    description:
      'Three generations of vegetable growing on the river island north of Portland. Certified organic since 1998.',
    addressLine: '15220 NW Sauvie Island Rd',
    city: 'Portland',
    region: 'OR',
    postalCode: '97231',
    lat: 45.6187,
    lng: -122.8154,
    delivery: true,
    featured: true,
    grows: ['vegetables', 'herbs', 'flowers-plants'],
  },
  {
    slug: 'hood-river-orchards',
    name: 'Hood River Orchards',
    farmer: { firstName: 'Daniel', lastName: 'Okafor' },
    description:
      'Apples, pears and cherries from the slopes of Mount Hood, picked the week you buy them.',
    addressLine: '4080 Barrett Dr',
    city: 'Hood River',
    region: 'OR',
    postalCode: '97031',
    lat: 45.6857,
    lng: -121.5311,
    delivery: false,
    featured: true,
    grows: ['fruit', 'honey-preserves', 'pantry'],
  },
  {
    slug: 'tualatin-valley-creamery',
    name: 'Tualatin Valley Creamery',
    farmer: { firstName: 'Rosa', lastName: 'Delgado' },
    description:
      'Grass-fed Jersey cows and free-ranging hens; milk bottled on the farm every morning.',
    addressLine: '23100 SW Scholls Ferry Rd',
    city: 'Beaverton',
    region: 'OR',
    postalCode: '97007',
    lat: 45.4412,
    lng: -122.8893,
    delivery: true,
    featured: false,
    grows: ['eggs-dairy', 'meat-poultry'],
  },
  {
    slug: 'gresham-family-bakery-farm',
    name: 'Gresham Heritage Grains',
    farmer: { firstName: 'Thomas', lastName: 'Becker' },
    description:
      'Heritage wheat and rye, stone-milled and baked into naturally leavened bread on Saturdays.',
    addressLine: '3200 SE Orient Dr',
    city: 'Gresham',
    region: 'OR',
    postalCode: '97080',
    lat: 45.4883,
    lng: -122.4215,
    delivery: false,
    featured: false,
    grows: ['bakery', 'pantry'],
  },
  {
    slug: 'willamette-berry-patch',
    name: 'Willamette Berry Patch',
    farmer: { firstName: 'Hannah', lastName: 'Nguyen' },
    description:
      'Marionberries, blueberries and strawberries; jams cooked in small batches in our barn kitchen.',
    addressLine: '9875 SW Wilsonville Rd',
    city: 'Wilsonville',
    region: 'OR',
    postalCode: '97070',
    lat: 45.3035,
    lng: -122.7839,
    delivery: true,
    featured: true,
    grows: ['fruit', 'honey-preserves'],
  },
  {
    slug: 'columbia-gorge-ranch',
    name: 'Columbia Gorge Ranch',
    farmer: { firstName: 'Will', lastName: 'Harrington' },
    description: 'Pasture-raised beef, pork and chicken, moved to fresh grass every day.',
    addressLine: '28400 E Larch Mountain Rd',
    city: 'Corbett',
    region: 'OR',
    postalCode: '97019',
    lat: 45.5262,
    lng: -122.2712,
    delivery: false,
    featured: false,
    grows: ['meat-poultry', 'eggs-dairy'],
  },
  {
    slug: 'clackamas-flower-farm',
    name: 'Clackamas Flower & Herb',
    farmer: { firstName: 'Ivy', lastName: 'Marsh' },
    description: 'Cut flowers, herb starts and culinary herbs grown without sprays on five acres.',
    addressLine: '17600 S Redland Rd',
    city: 'Oregon City',
    region: 'OR',
    postalCode: '97045',
    lat: 45.3499,
    lng: -122.5334,
    delivery: true,
    featured: false,
    grows: ['flowers-plants', 'herbs', 'vegetables'],
  },
  {
    slug: 'barton-creek-gardens',
    name: 'Barton Creek Gardens',
    farmer: { firstName: 'Luis', lastName: 'Ramirez' },
    description:
      'Market garden in the Hill Country: greens all winter, tomatoes and peppers all summer.',
    addressLine: '8200 Southwest Pkwy',
    city: 'Austin',
    region: 'TX',
    postalCode: '78735',
    lat: 30.2516,
    lng: -97.8647,
    delivery: true,
    featured: true,
    grows: ['vegetables', 'herbs'],
  },
  {
    slug: 'pedernales-peach-orchard',
    name: 'Pedernales Peach Orchard',
    farmer: { firstName: 'Grace', lastName: 'Whitfield' },
    description: 'Hill Country peaches, plums and figs, with pecans from our 80-year-old trees.',
    addressLine: '11200 W US Hwy 290',
    city: 'Dripping Springs',
    region: 'TX',
    postalCode: '78620',
    lat: 30.1902,
    lng: -98.0867,
    delivery: false,
    featured: true,
    grows: ['fruit', 'pantry', 'honey-preserves'],
  },
  {
    slug: 'manor-pastures',
    name: 'Manor Pastures',
    farmer: { firstName: 'Marcus', lastName: 'Bell' },
    description: 'Pasture-raised eggs, chicken and grass-finished beef east of Austin.',
    addressLine: '13400 FM 973',
    city: 'Manor',
    region: 'TX',
    postalCode: '78653',
    lat: 30.3427,
    lng: -97.5567,
    delivery: true,
    featured: false,
    grows: ['eggs-dairy', 'meat-poultry'],
  },
  {
    slug: 'round-rock-honey-co',
    name: 'Round Rock Honey Co.',
    farmer: { firstName: 'Priya', lastName: 'Shah' },
    description:
      'Wildflower honey from 200 hives across Williamson County, plus beeswax and preserves.',
    addressLine: '2600 N Mays St',
    city: 'Round Rock',
    region: 'TX',
    postalCode: '78665',
    lat: 30.5427,
    lng: -97.6789,
    delivery: false,
    featured: false,
    grows: ['honey-preserves', 'pantry', 'bakery'],
  },
  {
    slug: 'bastrop-bakehouse-farm',
    name: 'Bastrop Bakehouse Farm',
    farmer: { firstName: 'Elena', lastName: 'Kowalski' },
    description:
      'Sourdough, kolaches and pies from our own wheat and fruit, baked in a wood-fired oven.',
    addressLine: '1800 Loop 150 E',
    city: 'Bastrop',
    region: 'TX',
    postalCode: '78602',
    lat: 30.1105,
    lng: -97.3153,
    delivery: true,
    featured: false,
    suspendedReason:
      'Several shoppers reported that orders were not ready at pickup. Please get in touch so that we can reopen the farm.',
    grows: ['bakery', 'eggs-dairy'],
  },
  {
    slug: 'pflugerville-flower-field',
    name: 'Pflugerville Flower Field',
    farmer: { firstName: 'Sam', lastName: 'Carter' },
    description:
      'Sunflowers, zinnias and bluebonnet seedlings; bouquets cut the morning of pickup.',
    addressLine: '1500 E Pecan St',
    city: 'Pflugerville',
    region: 'TX',
    postalCode: '78660',
    lat: 30.4394,
    lng: -97.62,
    delivery: false,
    featured: false,
    grows: ['flowers-plants', 'herbs', 'vegetables'],
  },
  {
    slug: 'san-marcos-river-farm',
    name: 'San Marcos River Farm',
    farmer: { firstName: 'Jordan', lastName: 'Reyes' },
    description:
      'Melons, citrus and vegetables on rich river-bottom soil between Austin and San Antonio.',
    addressLine: '3300 River Rd',
    city: 'San Marcos',
    region: 'TX',
    postalCode: '78666',
    lat: 29.8833,
    lng: -97.9414,
    delivery: true,
    featured: false,
    grows: ['fruit', 'vegetables'],
  },
];

const p = (name: string, unit: string, priceCents: number, description: string): DemoProduct => ({
  name,
  unit,
  priceCents,
  description,
});

export const demoProductsByCategory: Record<CategorySlug, DemoProduct[]> = {
  vegetables: [
    p('Heirloom Tomatoes', 'lb', 499, 'Brandywine, Cherokee Purple and Green Zebra, vine-ripened.'),
    p('Rainbow Carrots', 'bunch', 350, 'Purple, yellow and orange carrots with their tops on.'),
    p('Lacinato Kale', 'bunch', 300, 'Dark, tender leaves for salads, soups and chips.'),
    p('Butter Lettuce', 'each', 275, 'Soft heads picked at dawn and kept cool.'),
    p('Sweet Corn', 'dozen', 800, 'Bicolour ears picked the morning of pickup.'),
    p('Yukon Gold Potatoes', 'lb', 199, 'Buttery, thin-skinned, great roasted or mashed.'),
    p('Sugar Snap Peas', 'lb', 550, 'Crisp and sweet, eat them raw off the vine.'),
    p('Zucchini', 'lb', 225, 'Green and golden summer squash.'),
    p('Red Onions', 'lb', 199, 'Mild and sweet, cured for storage.'),
    p('Shishito Peppers', 'pint', 450, 'Blister them in a hot pan; one in ten is spicy.'),
    p('Baby Spinach', 'bag', 400, 'Washed and ready, 6 oz bag.'),
    p('Garlic', 'each', 150, 'Hardneck bulbs with big cloves.'),
  ],
  fruit: [
    p('Honeycrisp Apples', 'lb', 325, 'Crisp, juicy and sweet-tart.'),
    p('Bartlett Pears', 'lb', 275, 'Ripen on the counter in two or three days.'),
    p('Bing Cherries', 'lb', 699, 'Dark, sweet cherries from the upper orchard.'),
    p('Blueberries', 'pint', 550, 'Hand-picked, never sprayed.'),
    p('Strawberries', 'pint', 500, 'Small, red all the way through, full of flavour.'),
    p('Marionberries', 'pint', 600, "Oregon's own blackberry, sweet and tangy."),
    p('Yellow Peaches', 'lb', 399, 'Tree-ripened freestone peaches.'),
    p('Black Mission Figs', 'pint', 650, 'Jammy figs, best the day you buy them.'),
    p('Watermelon', 'each', 800, 'Seedless, about 15 lb.'),
    p('Plums', 'lb', 375, 'Santa Rosa plums, red-fleshed and juicy.'),
  ],
  herbs: [
    p('Genovese Basil', 'bunch', 300, 'Big fragrant leaves for pesto.'),
    p('Flat-Leaf Parsley', 'bunch', 225, 'Bright and green.'),
    p('Cilantro', 'bunch', 200, 'Cut with roots on so it keeps longer.'),
    p('Rosemary', 'bunch', 250, 'Woody sprigs for roasts and bread.'),
    p('Mint', 'bunch', 225, 'Spearmint for tea, salads and drinks.'),
    p('Thyme', 'bunch', 250, 'English thyme, small-leaved and aromatic.'),
    p('Dill', 'bunch', 225, 'Feathery dill for pickles and fish.'),
  ],
  'eggs-dairy': [
    p('Pasture-Raised Eggs', 'dozen', 700, 'Deep orange yolks from hens on grass.'),
    p('Duck Eggs', 'half-dozen', 650, 'Rich and large, a baker’s favourite.'),
    p('Whole Milk', 'gallon', 900, 'Non-homogenised, cream on top, glass bottle deposit included.'),
    p('Cultured Butter', 'each', 850, 'Half-pound block, lightly salted.'),
    p('Farmhouse Cheddar', 'lb', 1400, 'Aged nine months, sharp and crumbly.'),
    p('Plain Yogurt', 'quart', 700, 'Whole-milk yogurt, thick and tangy.'),
    p('Fresh Chèvre', 'each', 750, 'Soft goat cheese, 6 oz.'),
  ],
  'meat-poultry': [
    p('Whole Chicken', 'each', 2200, 'Pasture-raised, about 4 lb.'),
    p('Ground Beef', 'lb', 899, 'Grass-finished, 85% lean.'),
    p('Ribeye Steak', 'lb', 2499, 'Dry-aged 21 days.'),
    p('Pork Chops', 'lb', 1099, 'Bone-in, thick cut, heritage breed.'),
    p('Breakfast Sausage', 'lb', 950, 'Sage and black pepper, no fillers.'),
    p('Chicken Thighs', 'lb', 799, 'Bone-in, skin-on.'),
    p('Smoked Bacon', 'lb', 1299, 'Applewood-smoked, thick sliced.'),
  ],
  bakery: [
    p('Country Sourdough', 'loaf', 900, 'Naturally leavened, long fermented, dark crust.'),
    p('Seeded Rye', 'loaf', 950, 'Dense rye with sunflower and flax.'),
    p('Cinnamon Rolls', 'half-dozen', 1500, 'Brown butter glaze.'),
    p('Fruit Kolaches', 'half-dozen', 1200, 'Apricot, cherry and cream cheese.'),
    p('Seasonal Fruit Pie', 'each', 2400, 'Whatever is ripest this week, all-butter crust.'),
    p('Whole Wheat Flour', 'bag', 800, 'Stone-milled heritage wheat, 5 lb.'),
  ],
  'honey-preserves': [
    p('Wildflower Honey', 'jar', 1200, 'Raw and unfiltered, 16 oz.'),
    p('Comb Honey', 'box', 1600, 'Cut comb straight from the hive.'),
    p('Strawberry Jam', 'jar', 850, 'Low sugar, small batch, 8 oz.'),
    p('Peach Preserves', 'jar', 850, 'Chunky Hill Country peaches, 8 oz.'),
    p('Bread & Butter Pickles', 'jar', 750, 'Sweet-sour cucumber pickles, 16 oz.'),
    p('Apple Butter', 'jar', 800, 'Slow-cooked with cinnamon, 10 oz.'),
  ],
  pantry: [
    p('Roasted Pecans', 'lb', 1400, 'Lightly salted, from our own trees.'),
    p('Dried Apple Rings', 'bag', 700, 'No sugar added, 6 oz.'),
    p('Hazelnuts', 'lb', 1300, 'Oregon hazelnuts, roasted and skinned.'),
    p('Stone-Ground Grits', 'bag', 650, 'Heirloom white corn, 2 lb.'),
    p('Apple Cider Vinegar', 'bottle', 900, 'Raw, with the mother, 16 oz.'),
    p('Pinto Beans', 'lb', 450, 'Dried this season, cook without soaking.'),
  ],
  'flowers-plants': [
    p('Seasonal Bouquet', 'bouquet', 2000, 'Cut the morning of pickup, wrapped in paper.'),
    p('Sunflowers', 'bunch', 1200, 'Five tall stems.'),
    p('Dahlias', 'bunch', 1500, 'Dinner-plate dahlias in mixed colours.'),
    p('Tomato Starts', 'pot', 450, 'Heirloom varieties, ready to plant.'),
    p('Lavender Bundle', 'bunch', 1000, 'Dried English lavender.'),
    p('Herb Garden Starts', 'pot', 400, 'Basil, thyme or oregano in 4 inch pots.'),
  ],
};

/** The three demo accounts the README lists. */
export const demoAccounts = {
  customer: {
    email: 'customer@furrow.test',
    password: 'fresh-carrots-42',
    firstName: 'Casey',
    lastName: 'Morgan',
  },
  farmer: {
    email: 'farmer@furrow.test',
    password: 'green-acres-42',
    firstName: 'Maya',
    lastName: 'Lindqvist',
  },
  admin: {
    email: 'admin@furrow.test',
    password: 'barn-owl-admin-42',
    firstName: 'Alex',
    lastName: 'Rivera',
  },
} as const;

export interface DemoEvent {
  farmSlug: string;
  title: string;
  description: string;
  place: string;
  /** Days from the day the demo is loaded. */
  inDays: number;
  /** The start, in UTC hours of that day (9 am in Portland is 17:00 UTC; in Austin, 15:00). */
  startUtcHour: number;
  hours: number;
}

/** Upcoming happenings on demo farms, so that farm pages and the landing page show some. */
export const demoEvents: DemoEvent[] = [
  {
    farmSlug: 'sauvie-island-greens',
    title: 'Harvest day at the farm stand',
    description: 'Salad greens cut that morning, and the first winter squash of the season.',
    place: 'Farm stand by the main gate',
    inDays: 3,
    startUtcHour: 17,
    hours: 4,
  },
  {
    farmSlug: 'sauvie-island-greens',
    title: 'Farm tour and soil walk',
    description: 'An hour in the fields with Maya: cover crops, compost and what grows next.',
    place: 'Meet at the red barn',
    inDays: 10,
    startUtcHour: 18,
    hours: 2,
  },
  {
    farmSlug: 'hood-river-orchards',
    title: 'Apple pressing day',
    description: 'Bring a jug: we press cider from this year’s late apples all afternoon.',
    place: 'The packing shed',
    inDays: 6,
    startUtcHour: 20,
    hours: 3,
  },
  {
    farmSlug: 'willamette-berry-patch',
    title: 'Jam-making workshop',
    description: 'Learn to make low-sugar berry jam and take two jars home.',
    place: 'Farm kitchen',
    inDays: 8,
    startUtcHour: 17,
    hours: 3,
  },
  {
    farmSlug: 'barton-creek-gardens',
    title: 'Market day at Barton Creek',
    description: 'Greens, herbs and the last tomatoes, with coffee from our neighbours.',
    place: 'Barton Creek farmers market, stall 12',
    inDays: 4,
    startUtcHour: 15,
    hours: 4,
  },
  {
    farmSlug: 'pedernales-peach-orchard',
    title: 'Orchard pruning open day',
    description: 'See how we prune peach trees for next summer, and taste the preserves.',
    place: 'The orchard gate on Ranch Road 1',
    inDays: 12,
    startUtcHour: 16,
    hours: 2,
  },
];
