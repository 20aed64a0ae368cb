/**
 * A short list of the passwords people choose most often, checked in lowercase (OWASP ASVS
 * 2.1.7 asks for a check against breached/common passwords). Drawn from the usual public
 * "most common passwords" lists and from passwords common in Vietnam ("matkhau123",
 * "anhyeuem", "123456789a"), plus the competition's own name. Entries shorter than the
 * minimum length are kept so the list stays useful if that minimum ever changes.
 *
 * One per whitespace-separated word; no entry contains a space.
 */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  `
123456 123456789 12345678 1234567890 12345678910 123456789a 123456789aa 123456789abc
1234567890a 1234567890q a123456789 a1234567890 aa123456789 abc1234567 abc123456789
abcd123456 abcd1234567 abcde12345 abcdef1234 abcdefghij abcdefghijk abcdefghijkl 0123456789
01234567890 0987654321 9876543210 09876543210 1234512345 1234554321 12341234 1234123412
1122334455 1212121212 1231231231 1231231234 1111122222 1357924680 1029384756 1qaz2wsx3edc
1qazxsw23edc 1qaz2wsx 1q2w3e4r5t 1q2w3e4r5t6y 1q2w3e4r q1w2e3r4t5 q1w2e3r4t5y6 qwertyuiop
qwertyuiop1 qwertyuiop123 qwertyuiop[] qwerty12345 qwerty123456 qwerty1234 qwerty123 qwerty
qwertyu123 qwertyuio asdfghjkl asdfghjkl1 asdfghjkl123 asdfghjkl; asdf123456 asdfasdfasdf
zxcvbnm123 zxcvbnm1234 zxcvbnmasd zaq12wsxcde3 zaq1xsw2cde3 zaq12wsx 1qaz!qaz !qaz2wsx
!qaz@wsx 1qaz@wsx qazwsxedc qazwsxedc123 qazwsxedcrfv qweasdzxc qweasdzxc123 qweqweqwe
qwe123qwe qwe1234567 poiuytrewq mnbvcxz123 password password1 password12 password123
password1234 password12345 password123456 password! password@123 password123! passw0rd
passw0rd123 p@ssw0rd p@ssword p@ssw0rd123 p@ssword123 p@55w0rd pass123456 pass@12345
pass@word1 passwordpassword mypassword mypassword1 mypassword123 newpassword newpassword1
newpassword123 changeme changeme123 changeme1234 letmein letmein123 letmein1234 welcome
welcome1 welcome123 welcome1234 welcome@123 iloveyou iloveyou1 iloveyou12 iloveyou123
iloveyou1234 iloveyou2 iloveyoubaby iloveyouforever iloveu123 iloveme123 loveyou123
loveyou1234 ilovemymom ilovemyself sunshine123 princess123 football123 baseball123
basketball basketball1 superman123 batman1234 spiderman1 starwars123 pokemon123 michael123
jennifer123 charlie123 computer computer1 computer123 internet123 whatever123 trustno1
trustno1234 admin admin123 admin1234 admin12345 admin123456 admin@123 admin@1234
administrator administrator1 adminadmin rootroot root123456 root@123 test123456 testtest
testtest123 test@12345 guest12345 user123456 user@12345 demo123456 default123 master12345
secret12345 qwerty@123 abc@123456 abc@12345 abcd@1234 abcd@12345 aa12345678 aaa111aaa
aaaaaa1111 aa123456 a1b2c3d4e5 a1b2c3d4e5f6 a1s2d3f4g5 1a2b3c4d5e 1a2b3c4d5e6f 123qweasd
123qweasdzxc 123abc123abc 123654789 147258369 159753456 159357456 741852963 789456123
7894561230 963852741 12qwaszx 12qwaszx34 123456qwerty 123456abc 123456abcd 123123123
123123123a 123456123456 123321123 1234567891 1234567899 12345678900 0000000001 1234567809
112233445566 987654321a 9876543210a google123 facebook facebook1 facebook123 facebook12
gmail12345 yahoo12345 iphone1234 samsung123 samsung1234 apple12345 microsoft microsoft1
zalo123456 youtube123 tiktok1234 instagram1 monkey1234 dragon1234 shadow1234 master1234
freedom123 hello12345 hello123456 helloworld helloworld1 helloworld123 happy12345
goodluck123 matkhau matkhau1 matkhau12 matkhau123 matkhau1234 matkhau12345 matkhau123456
matkhaumoi matkhaumoi123 matkhaucuatoi matkhaucuaban nhapmatkhau khongcomatkhau khongbiet
khongbiet123 khongnho khongnhomatkhau quenmatkhau anhyeuem anhyeuem1 anhyeuem123
anhyeuem1234 anhyeuemnhieu anhyeuemmaimai anhthuongem anhnhoem123 emyeuanh emyeuanh1
emyeuanh123 emyeuanh1234 emyeuanhnhieu emyeuanhmaimai emnhoanh123 yeuem123 yeuem12345
yeuemnhieu yeuemmaimai yeuanh123 yeuanhnhieu yeuanhmaimai yeuemnhieulam yeumaimai
maimaibenem maimaiyeuem toiyeuem toiyeuem123 toiyeuban toiyeuvietnam vietnamvodich vietnam
vietnam123 vietnam1234 vietnam12345 vietnam2024 vietnam2025 vietnam2026 vietnam@123
vietnamoi hanoi12345 hanoi123456 hanoivietnam saigon1234 saigon12345 hochiminh hochiminh123
tphochiminh danang12345 conyeume conyeuba conyeubame conyeumenhieu yeubame yeume123
giadinh123 giadinhlasonhat hanhphuc hanhphuc123 xinchao123 xinchaovietnam chaoban123
bietroi123 nguyenvan nguyenvana nguyenvan123 nguyen123456 nguyenthi tranvan123 levan12345
phamvan123 huong123456 linh123456 thanh123456 tuan1234567 minh123456 trang123456 ngoc123456
hoang123456 bachkhoa bachkhoa123 sinhvien sinhvien123 hocsinh123 giaovien123 congty123
congty12345 doanhnghiep quangcao123 sangtao123 vanxuan vanxuan123 vanxuan2025 vanxuan2026
vanxuanawards giaithuong giaithuong123 dangky123 dangkyduthi duthi12345 baiduthi thangnam123
motdentam mothaibabon 123456789vn 123456aa 123456789@ 123456789! 12345678@ 12345678a@
1234567890@ a@123456789 abc123456@
`
    .trim()
    .split(/\s+/),
);
